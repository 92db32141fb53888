/* einvoice SDK: the EN 16931 code lists (as in the CEN validation artefacts v1.3.16), for
 * the EN16931 rule families and every profile or partner plugin built on EN 16931. Each
 * einv_code_in_<list>() answers whether the exact code (already normalized, see einv_code_token) belongs to the list; NULL answers 0. */
#ifndef EINVOICE_CODELISTS_H
#define EINVOICE_CODELISTS_H

#include <stddef.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The value as the artefacts compare it in their "token in list" tests: normalize-space(s)
 * when that is one non-empty token without inner white space and fits in buf (size bytes);
 * otherwise NULL, which no list contains. May return s itself when s needs no trimming. */
EINV_API const char *einv_code_token(const char *s, char *buf, size_t size);
/* Same after XPath upper-case() (the VATEX comparison ignores case). */
EINV_API const char *einv_code_token_upper(const char *s, char *buf, size_t size);

/* ISO 4217 currency codes (BT-5, BT-6, currencyID attributes) */
EINV_API int einv_code_in_iso4217(const char *code);
/* UNTDID 1001 invoice type codes allowed on a UBL Invoice (BT-3) */
EINV_API int einv_code_in_uncl1001_inv(const char *code);
/* UNTDID 1001 credit note type codes allowed on a UBL CreditNote (BT-3) */
EINV_API int einv_code_in_uncl1001_cn(const char *code);
/* UNTDID 1001 invoice and credit note type codes together (CII BT-3) */
EINV_API int einv_code_in_uncl1001(const char *code);
/* UNTDID 2005 subset for the VAT point date code (UBL BT-8) */
EINV_API int einv_code_in_uncl2005(const char *code);
/* UNTDID 2475 subset for the VAT point date code (CII BT-8) */
EINV_API int einv_code_in_uncl2475(const char *code);
/* UNTDID 1153 reference code qualifiers (BT-18 scheme) */
EINV_API int einv_code_in_uncl1153(const char *code);
/* UNTDID 4451 text subject qualifiers (BT-21) */
EINV_API int einv_code_in_uncl4451(const char *code);
/* ISO/IEC 6523 ICD identifier schemes */
EINV_API int einv_code_in_icd(const char *code);
/* UNTDID 7143 item type identification codes (BT-158 scheme) */
EINV_API int einv_code_in_uncl7143(const char *code);
/* ISO 3166-1 alpha-2 country codes as the UBL artefact lists them (includes SS) */
EINV_API int einv_code_in_iso3166(const char *code);
/* ISO 3166-1 alpha-2 country codes as the CII artefact lists them (AN instead of SS) */
EINV_API int einv_code_in_iso3166_cii(const char *code);
/* UNTDID 4461 payment means codes (BT-81) */
EINV_API int einv_code_in_uncl4461(const char *code);
/* UNTDID 5305 duty/tax/fee category codes (BT-95, BT-102, BT-118, BT-151) */
EINV_API int einv_code_in_uncl5305(const char *code);
/* UNTDID 5189 allowance reason codes (BT-98, BT-140) */
EINV_API int einv_code_in_uncl5189(const char *code);
/* UNTDID 7161 charge reason codes (BT-105, BT-145) */
EINV_API int einv_code_in_uncl7161(const char *code);
/* VATEX exemption reason codes, upper case (BT-121) */
EINV_API int einv_code_in_vatex(const char *code);
/* UN/ECE Recommendation 20 and 21 unit codes (BT-130, BT-150) */
EINV_API int einv_code_in_rec20(const char *code);
/* MIME media types allowed for attachments (BT-125); compared exactly, not normalized */
EINV_API int einv_code_in_mime(const char *code);
/* Electronic address schemes (BT-34, BT-49) */
EINV_API int einv_code_in_eas(const char *code);

#ifdef __cplusplus
}
#endif
#endif
