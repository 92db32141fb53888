/* Body sniffing for the submit endpoints: what format the first bytes of a body are (an
 * XML root's name and namespace read without parsing the document, the IDoc XML or flat
 * file signature, the member names of a JSON object, %PDF), and whether the endpoint takes
 * it. A body of another endpoint's format is refused with 415 naming that endpoint, before
 * anything is stored or counted; a body of no known format keeps each endpoint's own
 * handling (docs/api.md "Submits"). */
#ifndef EINV_SNIFF_H
#define EINV_SNIFF_H

#include <stddef.h>

typedef enum sniff_kind {
    SNIFF_UNKNOWN = 0,   /* empty, text, binary, or JSON / XML of no known shape */
    SNIFF_XML_OTHER,     /* XML whose root is none of the below */
    SNIFF_UBL,           /* UBL 2.x Invoice / CreditNote */
    SNIFF_CII,           /* CII CrossIndustryInvoice, ZUGFeRD 1.0 CrossIndustryDocument */
    SNIFF_IDOC_XML,      /* IDoc INVOIC02 / INVOIC01 in XML */
    SNIFF_IDOC_FLAT,     /* IDoc flat file (control record EDI_DC40 as text) */
    SNIFF_PDF,           /* %PDF- in the first KiB */
    SNIFF_ODATA,         /* OData V2 A_SupplierInvoice entity ({"d": ...} or its properties) */
    SNIFF_CANONICAL      /* the canonical model of POST /v1/invoices */
} sniff_kind;

typedef enum sniff_endpoint {
    SNIFF_EP_VALIDATE,   /* POST /api/v1/invoices/validate */
    SNIFF_EP_IDOC,       /* POST /api/v1/invoices/validate/idoc */
    SNIFF_EP_ODATA,      /* POST /api/v1/invoices/validate/odata */
    SNIFF_EP_CANONICAL,  /* POST /api/v1/invoices */
    SNIFF_EP_EXTRACT     /* POST /api/v1/invoices/extract */
} sniff_endpoint;

/* The format of a body, from at most its first 64 KiB. */
sniff_kind sniff_body(const unsigned char *d, size_t n);

/* A few words for kind, e.g. "an IDoc INVOIC02 in XML". */
const char *sniff_kind_name(sniff_kind kind);

/* 1 when ep must refuse the body with 415: msg (prefixed with field, e.g. "file" or "body")
 * then says what the body is and which endpoint takes it. 0: the endpoint goes on as
 * before (its format, or no known format). */
int sniff_refuse(sniff_endpoint ep, const char *field, const unsigned char *d, size_t n, char *msg,
                 size_t size);

#endif
