/* Suggestions in OData terms (einv_format_ops_t.hints, ABI 1.7): the rules of a supplier
 * invoice entity run over the UBL written from its model; these name the A_SupplierInvoice
 * property to fill, or the entry of the account's mapping document (docs/formats.md) for
 * master data the entity leaves out. Keyed by rule id, else by business term. */
#include "odata_hints.h"

#define MAP "the mapping document"
#define SUPPLIER "parties.<InvoicingParty>"
#define ONE_TIME "to_SuplrInvoiceAdditionalData"
#define BUYER "companyCodes.<CompanyCode>"
#define PAY_ENTRY "paymentMeans in " MAP " (" SUPPLIER ".paymentMeans, " BUYER ".paymentMeans or defaults.paymentMeans)"
#define TAX_HEAD "Map the TaxCode of to_SupplierInvoiceTax in taxCodes of " MAP " ({\"category\": \"S\", \"rate\": 19, ...})."
#define TAX_LINE "Map the item's TaxCode in taxCodes of " MAP " ({\"category\": \"S\", \"rate\": 19, ...})."

const einv_hint_t odata_hints[] = {
    {"SCHEMA-MISSING", "The UBL made from the entity lacks a required element because a property or a mapping entry "
                       "is empty; the business-rule finding at the same field names what to fill (e.g. BR-49: "
                       "paymentMeans.code in " MAP ")."},
    {"SCHEMA-DATATYPE", "Check the property named in the field: decimals as strings such as \"12.50\", dates as "
                        "\"/Date(ms)/\" or YYYY-MM-DD."},
    {"BT-1", "Fill SupplierInvoiceIDByInvcgParty (the supplier's own invoice number)."},
    {"BT-2", "Fill DocumentDate (\"/Date(ms)/\")."},
    {"BT-3", "Set SupplierInvoiceIsCreditMemo (\"X\" for a credit memo)."},
    {"BT-5", "Fill DocumentCurrency (ISO 4217, e.g. EUR)."},
    {"BT-9", "Fill DueCalculationBaseDate and NetPaymentDays (the due date is their sum)."},
    {"BT-13", "Fill PurchaseOrder of the to_SuplrInvcItemPurOrdRef items (one purchase order)."},
    {"BT-20", "Fill PaymentTerms, CashDiscount1Percent/Days and NetPaymentDays."},
    {"BT-16", "Fill InboundDeliveryNote of to_SelectedDeliveryNotes (the first one is the delivery note)."},
    {"BT-22", "The notes are DocumentHeaderText and SupplierPostingLineItemText, one note each; fill, join or "
              "empty them there."},
    {"BT-23", "No property carries the business process type: the conversion writes the one the requested "
              "profile declares; send the invoice as UBL or CII to give another."},
    {"BT-30", "No property carries the seller's legal registration: add " SUPPLIER
              ".legalId {value, scheme} (e.g. scheme 0002 for a SIREN) to " MAP "."},
    {"BT-25", "The entity names the original SAP document (InvoiceReference), not the supplier's number: the "
              "preceding invoice cannot be taken from it."},
    {"BG-4", "Fill " ONE_TIME " (one-time suppliers), or add the supplier to " MAP " as " SUPPLIER "."},
    {"BT-27", "Fill " ONE_TIME "/InvoicingPartyName1, or " SUPPLIER ".name in " MAP "."},
    {"BT-29", "Fill InvoicingParty."},
    {"BT-31", "Fill SupplierVATRegistration (or " ONE_TIME "/VATRegistration), or " SUPPLIER ".vatId in " MAP "."},
    {"BT-34", "No property carries the seller's electronic address: add " SUPPLIER
              ".electronicAddress {value, scheme} (or defaults.seller.electronicAddress) to " MAP "."},
    {"BG-5", "Fill " ONE_TIME "/StreetAddressName, CityName, PostalCode and Country, or " SUPPLIER ".address in " MAP "."},
    {"BT-35", "Fill " ONE_TIME "/StreetAddressName, or " SUPPLIER ".address.line1 in " MAP "."},
    {"BT-37", "Fill " ONE_TIME "/CityName, or " SUPPLIER ".address.city in " MAP "."},
    {"BT-38", "Fill " ONE_TIME "/PostalCode, or " SUPPLIER ".address.postalCode in " MAP "."},
    {"BT-40", "Fill " ONE_TIME "/Country, or " SUPPLIER ".address.countryCode in " MAP "."},
    {"BG-6", "No property carries the seller's contact (but a one-time supplier's e-mail): add " SUPPLIER
             ".contact {name, phone, email} (or defaults.seller.contact) to " MAP "."},
    {"BT-41", "Add " SUPPLIER ".contact.name (or defaults.seller.contact.name) to " MAP "."},
    {"BT-42", "Add " SUPPLIER ".contact.phone (or defaults.seller.contact.phone) to " MAP "."},
    {"BT-43", "Fill " ONE_TIME "/OneTimeBusinessPartnerEmail, or " SUPPLIER ".contact.email in " MAP "."},
    {"BG-7", "The buyer is the company code: add " BUYER " (name, vatId, address) to " MAP "."},
    {"BT-44", "Add " BUYER ".name to " MAP "."},
    {"BT-48", "Add " BUYER ".vatId to " MAP "."},
    {"BT-49", "No property carries the buyer's electronic address: add " BUYER
              ".electronicAddress {value, scheme} (or defaults.buyer.electronicAddress) to " MAP "."},
    {"BG-8", "Add " BUYER ".address {line1, city, postalCode, countryCode} to " MAP "."},
    {"BT-50", "Add " BUYER ".address.line1 to " MAP "."},
    {"BT-52", "Add " BUYER ".address.city to " MAP "."},
    {"BT-53", "Add " BUYER ".address.postalCode to " MAP "."},
    {"BT-55", "Add " BUYER ".address.countryCode to " MAP "."},
    {"BT-72", "Fill TaxFulfillmentDate."},
    {"BG-16", "The entity carries no payment means code (BT-81; PaymentMethod is a local key): set code (UNCL "
              "4461, e.g. 58 SEPA credit transfer) of " PAY_ENTRY "."},
    {"BT-81", "The entity carries no payment means code (PaymentMethod is a local key): set code (UNCL 4461, e.g. "
              "58 SEPA credit transfer) of " PAY_ENTRY "."},
    {"BT-82", "No property carries the payment means text: set text of " PAY_ENTRY "."},
    {"BT-83", "Fill PaymentReference, or remittanceInformation of " PAY_ENTRY "."},
    {"BG-17", "Fill " ONE_TIME "/IBAN (one-time suppliers), or iban of " PAY_ENTRY "."},
    {"BT-84", "Fill " ONE_TIME "/IBAN (one-time suppliers), or iban of " PAY_ENTRY "."},
    {"BT-85", "No property carries the account name: set accountName of " PAY_ENTRY "."},
    {"BT-86", "Fill " ONE_TIME "/SWIFTCode, or bic of " PAY_ENTRY "."},
    {"BG-21", "A document charge comes from UnplannedDeliveryCost (with UnplannedDeliveryCostTaxCode mapped in "
              "taxCodes of " MAP ")."},
    {"BT-102", "Map UnplannedDeliveryCostTaxCode in taxCodes of " MAP "."},
    {"BG-22", "Check InvoiceGrossAmount against the item amounts (SupplierInvoiceItemAmount) and the tax amounts "
              "(to_SupplierInvoiceTax/results/*/TaxAmount)."},
    {"BT-106", "The sum of the items' SupplierInvoiceItemAmount is the line total: check the item amounts."},
    {"BT-109", "The items' SupplierInvoiceItemAmount plus UnplannedDeliveryCost is the net total: check them "
               "against to_SupplierInvoiceTax/results/*/TaxBaseAmountInTransCrcy."},
    {"BT-110", "Check TaxAmount of to_SupplierInvoiceTax/results/*: their sum is the tax total."},
    {"BT-112", "Check InvoiceGrossAmount: the net total plus the tax total."},
    {"BT-115", "Check InvoiceGrossAmount (the amount payable)."},
    {"BG-23", TAX_HEAD},
    {"BT-116", "Fill TaxBaseAmountInTransCrcy of to_SupplierInvoiceTax/results/*."},
    {"BT-117", "Fill TaxAmount of to_SupplierInvoiceTax/results/*: TaxBaseAmountInTransCrcy x the rate / 100, "
               "rounded to 2 decimals (check the rate of the TaxCode's entry in taxCodes of " MAP ")."},
    {"BT-118", TAX_HEAD},
    {"BT-119", TAX_HEAD},
    {"BT-120", "Set exemptionReason of the TaxCode's entry in taxCodes of " MAP "."},
    {"BT-121", "Set exemptionCode (e.g. VATEX-EU-AE) of the TaxCode's entry in taxCodes of " MAP "."},
    {"BG-25", "Expand the item navigations (to_SuplrInvcItemPurOrdRef, to_SupplierInvoiceItemGLAcct, ...) as "
              "{\"results\": [...]}."},
    {"BT-126", "Fill SupplierInvoiceItem."},
    {"BT-129", "Fill QuantityInPurchaseOrderUnit (PO items) or Quantity (G/L items)."},
    {"BT-130", "Fill PurchaseOrderQtyUnitISOCode (or SuplrInvcItmQtyUnitISOCode) with a UN/ECE Rec 20 code, or "
               "map the unit in units of " MAP " (e.g. \"PCE\": \"H87\")."},
    {"BT-131", "Fill SupplierInvoiceItemAmount."},
    {"BT-146", "The price is SupplierInvoiceItemAmount / QtyInPurchaseOrderPriceUnit (or / the quantity): fill "
               "both."},
    {"BT-148", "No property carries the gross price: a rule that needs it cannot be met from an OData entity; "
               "send the invoice as UBL or CII."},
    {"BT-153", "Fill SupplierInvoiceItemText."},
    {"BG-30", TAX_LINE},
    {"BT-151", TAX_LINE},
    {"BT-152", TAX_LINE},
};
const size_t odata_hints_count = sizeof odata_hints / sizeof odata_hints[0];
