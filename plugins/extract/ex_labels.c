/* The label words of invoices in German, English, French and Italian, several wordings per
 * label. Matching is on lower-cased text, substring for long words, whole word for short. */
#include <stddef.h>
#include "ex_labels.h"
#include "ex_shape.h"
#include <ctype.h>
#include <string.h>

typedef struct { const char *w; int kind; int whole; } lab_t;

static const lab_t LABELS[] = {
    {"rechnungsnummer", EXL_NUMBER, 0}, {"rechnungs-nr", EXL_NUMBER, 0}, {"rechnung nr", EXL_NUMBER, 0},
    {"re.-nr", EXL_NUMBER, 0}, {"beleg-nr", EXL_NUMBER, 0}, {"belegnummer", EXL_NUMBER, 0},
    {"invoice no", EXL_NUMBER, 0}, {"invoice number", EXL_NUMBER, 0}, {"invoice #", EXL_NUMBER, 0},
    {"number", EXL_NUMBER, 1}, {"document no", EXL_NUMBER, 0}, {"inv. no", EXL_NUMBER, 0},
    {"facture n", EXL_NUMBER, 0}, {"n° de facture", EXL_NUMBER, 0}, {"numéro de facture", EXL_NUMBER, 0},
    {"fattura n", EXL_NUMBER, 0}, {"numero fattura", EXL_NUMBER, 0}, {"n. fattura", EXL_NUMBER, 0},
    {"documento n", EXL_NUMBER, 0}, {"nr.", EXL_NUMBER, 1}, {"no.", EXL_NUMBER, 1}, {"n°", EXL_NUMBER, 1},
    {"numéro", EXL_NUMBER, 1}, {"numero", EXL_NUMBER, 1}, {"nummer", EXL_NUMBER, 1}, {"#", EXL_NUMBER, 1},
    {"datum", EXL_DATE, 0}, {"date", EXL_DATE, 0}, {"data", EXL_DATE, 1}, {"émise le", EXL_DATE, 0},
    {"issue", EXL_DATE, 0}, {"emissione", EXL_DATE, 0}, {"ausstellung", EXL_DATE, 0}, {"du", EXL_DATE, 1},
    {"fällig", EXL_DUE, 0}, {"zahlbar bis", EXL_DUE, 0}, {"zahlungsziel", EXL_DUE, 0}, {"due", EXL_DUE, 1},
    {"pay by", EXL_DUE, 0}, {"échéance", EXL_DUE, 0}, {"payer avant", EXL_DUE, 0}, {"payable le", EXL_DUE, 0},
    {"régler avant", EXL_DUE, 0}, {"scadenza", EXL_DUE, 0}, {"scad.", EXL_DUE, 0}, {"entro", EXL_DUE, 1},
    {"no later than", EXL_DUE, 0}, {"zahlen sie bis", EXL_DUE, 0}, {"bis zum", EXL_DUE, 0}, {"payment due", EXL_DUE, 0},
    {"referenz", EXL_REF, 0}, {"ihr zeichen", EXL_REF, 0}, {"leitweg", EXL_REF, 0}, {"reference", EXL_REF, 0},
    {"your ref", EXL_REF, 0}, {"référence", EXL_REF, 0}, {"réf.", EXL_REF, 0}, {"vos réf", EXL_REF, 0},
    {"riferimento", EXL_REF, 0}, {"rif.", EXL_REF, 0}, {"buyer ref", EXL_REF, 0}, {"käuferreferenz", EXL_REF, 0},
    {"kunden", EXL_CUSTOMER, 0}, {"kd.-nr", EXL_CUSTOMER, 0}, {"customer", EXL_CUSTOMER, 0}, {"account", EXL_CUSTOMER, 0},
    {"client", EXL_CUSTOMER, 0}, {"cliente", EXL_CUSTOMER, 0},
    {"bestell", EXL_ORDER, 0}, {"auftrag", EXL_ORDER, 0}, {"order", EXL_ORDER, 0}, {"po ", EXL_ORDER, 0},
    {"purchase", EXL_ORDER, 0}, {"commande", EXL_ORDER, 0}, {"ordine", EXL_ORDER, 0},
    {"liefer", EXL_DELIVERY, 0}, {"leistung", EXL_DELIVERY, 0}, {"delivery", EXL_DELIVERY, 0}, {"service date", EXL_DELIVERY, 0},
    {"shipped", EXL_DELIVERY, 0}, {"livraison", EXL_DELIVERY, 0}, {"livré", EXL_DELIVERY, 0}, {"consegna", EXL_DELIVERY, 0},
    {"ddt", EXL_DELIVERY, 1}, {"date de prestation", EXL_DELIVERY, 0}, {"prestazione", EXL_DELIVERY, 0},
    {"performance", EXL_DELIVERY, 0}, {"supply date", EXL_DELIVERY, 0}, {"lieferung", EXL_DELIVERY, 0},
    {"ust", EXL_VAT, 0}, {"vat", EXL_VAT, 0}, {"tva", EXL_VAT, 0}, {"iva", EXL_VAT, 0}, {"uid", EXL_VAT, 0},
    {"tax id", EXL_VAT, 0}, {"ein", EXL_VAT, 1}, {"mwst", EXL_VAT, 0}, {"steuer", EXL_VAT, 0},
    {"iban", EXL_BANK, 0}, {"bic", EXL_BANK, 0}, {"bank", EXL_BANK, 0}, {"banque", EXL_BANK, 0}, {"banca", EXL_BANK, 0},
    {"rechnung an", EXL_BILLTO, 0}, {"rechnungsempfänger", EXL_BILLTO, 0}, {"bill to", EXL_BILLTO, 0},
    {"invoice to", EXL_BILLTO, 0}, {"billed to", EXL_BILLTO, 0}, {"facturé à", EXL_BILLTO, 0},
    {"destinataire", EXL_BILLTO, 0}, {"spett", EXL_BILLTO, 0}, {"intestatario", EXL_BILLTO, 0},
    {"kunde", EXL_BILLTO, 1}, {"customer", EXL_BILLTO, 1}, {"client", EXL_BILLTO, 1}, {"cliente", EXL_BILLTO, 1},
    {"buyer", EXL_BILLTO, 1}, {"acheteur", EXL_BILLTO, 1}, {"acquéreur", EXL_BILLTO, 1}, {"käufer", EXL_BILLTO, 1},
    {"auftraggeber", EXL_BILLTO, 1}, {"leistungsempfänger", EXL_BILLTO, 0}, {"acquirente", EXL_BILLTO, 1},
    {"lieferanschrift", EXL_SHIPTO, 0}, {"lieferadresse", EXL_SHIPTO, 0}, {"ship to", EXL_SHIPTO, 0},
    {"delivery address", EXL_SHIPTO, 0}, {"livré à", EXL_SHIPTO, 0}, {"adresse de livraison", EXL_SHIPTO, 0},
    {"destinazione", EXL_SHIPTO, 0}, {"luogo di consegna", EXL_SHIPTO, 0},
    {"rechnung", EXL_TITLE, 0}, {"invoice", EXL_TITLE, 0}, {"facture", EXL_TITLE, 0}, {"fattura", EXL_TITLE, 0},
    {"total", EXL_TOTAL, 0}, {"brutto", EXL_TOTAL, 0}, {"gesamt", EXL_TOTAL, 0}, {"ttc", EXL_TOTAL, 0},
    {"totale", EXL_TOTAL, 0}, {"rechnungsbetrag", EXL_TOTAL, 0},
    {"tax", EXL_TAX, 0}, {"mwst", EXL_TAX, 0}, {"ust", EXL_TAX, 0}, {"tva", EXL_TAX, 0}, {"iva", EXL_TAX, 1},
    {"imposta", EXL_TAX, 0}, {"umsatzsteuer", EXL_TAX, 0},
    {"netto", EXL_SUBTOTAL, 1}, {"subtotal", EXL_SUBTOTAL, 0}, {"net", EXL_SUBTOTAL, 1}, {"ht", EXL_SUBTOTAL, 1},
    {"imponibile", EXL_SUBTOTAL, 0}, {"zwischensumme", EXL_SUBTOTAL, 0}, {"warenwert", EXL_SUBTOTAL, 0},
    {"zahlbetrag", EXL_PAYABLE, 0}, {"zu zahlen", EXL_PAYABLE, 0}, {"amount due", EXL_PAYABLE, 0},
    {"balance due", EXL_PAYABLE, 0}, {"total due", EXL_PAYABLE, 0}, {"net à payer", EXL_PAYABLE, 0},
    {"à régler", EXL_PAYABLE, 0}, {"reste à payer", EXL_PAYABLE, 0}, {"a pagare", EXL_PAYABLE, 0},
    {"da pagare", EXL_PAYABLE, 0}, {"offener betrag", EXL_PAYABLE, 0},
    {"ihre", EXL_YOUR, 1}, {"ihr", EXL_YOUR, 1}, {"your", EXL_YOUR, 1}, {"votre", EXL_YOUR, 1}, {"vos", EXL_YOUR, 1},
    {"vs.", EXL_YOUR, 1}, {"vostro", EXL_YOUR, 1}, {"kunde", EXL_YOUR, 0}, {"customer", EXL_YOUR, 0},
    {"client", EXL_YOUR, 0}, {"acquirente", EXL_YOUR, 0},
    {"lieferant", EXL_SELLER, 0}, {"rechnungssteller", EXL_SELLER, 0}, {"absender", EXL_SELLER, 0},
    {"verkäufer", EXL_SELLER, 0}, {"from", EXL_SELLER, 1}, {"seller", EXL_SELLER, 0}, {"supplier", EXL_SELLER, 0},
    {"issued by", EXL_SELLER, 0}, {"émetteur", EXL_SELLER, 0}, {"vendeur", EXL_SELLER, 0},
    {"fournisseur", EXL_SELLER, 0}, {"prestataire", EXL_SELLER, 0}, {"fornitore", EXL_SELLER, 0},
    {"cedente", EXL_SELLER, 0}, {"emittente", EXL_SELLER, 0}, {"venditore", EXL_SELLER, 0},
    {"seite", EXL_PAGE, 1}, {"page", EXL_PAGE, 1}, {"pagina", EXL_PAGE, 1},
    /* more wordings of each kind (other producers' invoices) */
    {"rechnung-nr", EXL_NUMBER, 0}, {"rg-nr", EXL_NUMBER, 0}, {"rg.-nr", EXL_NUMBER, 0}, {"bill no", EXL_NUMBER, 0},
    {"invoice ref", EXL_NUMBER, 0}, {"num.", EXL_NUMBER, 1}, {"nr", EXL_NUMBER, 1}, {"nº", EXL_NUMBER, 1},
    {"erstellt am", EXL_DATE, 0}, {"tax point", EXL_DATE, 0}, {"établie le", EXL_DATE, 0}, {"emessa il", EXL_DATE, 0},
    {"emesso il", EXL_DATE, 0}, {"dated", EXL_DATE, 1},
    {"zahlungsfrist", EXL_DUE, 0}, {"zahlbar am", EXL_DUE, 0}, {"payable by", EXL_DUE, 0}, {"date limite", EXL_DUE, 0},
    {"paiement avant", EXL_DUE, 0}, {"termine di pagamento", EXL_DUE, 0}, {"due on", EXL_DUE, 0},
    {"ref.", EXL_REF, 1},
    {"debitor", EXL_CUSTOMER, 0}, {"cod. cli", EXL_CUSTOMER, 0},
    {"rechnungsadresse", EXL_BILLTO, 0}, {"rechnungsanschrift", EXL_BILLTO, 0}, {"empfänger", EXL_BILLTO, 1},
    {"sold to", EXL_BILLTO, 0}, {"invoice address", EXL_BILLTO, 0}, {"billing address", EXL_BILLTO, 0},
    {"adresse de facturation", EXL_BILLTO, 0}, {"adressé à", EXL_BILLTO, 0}, {"facturer à", EXL_BILLTO, 0},
    {"destinatario", EXL_BILLTO, 0}, {"cessionario", EXL_BILLTO, 0}, {"committente", EXL_BILLTO, 0},
    {"aussteller", EXL_SELLER, 0}, {"auftragnehmer", EXL_SELLER, 0}, {"leistungserbringer", EXL_SELLER, 0},
    {"zahlungsempfänger", EXL_SELLER, 0}, {"vendor", EXL_SELLER, 0}, {"remit to", EXL_SELLER, 0},
    {"billed by", EXL_SELLER, 0}, {"émis par", EXL_SELLER, 0}, {"vendu par", EXL_SELLER, 0},
    {"bénéficiaire", EXL_SELLER, 0}, {"prestatore", EXL_SELLER, 0}, {"mittente", EXL_SELLER, 0},
    {"beneficiario", EXL_SELLER, 0},
    {"versandadresse", EXL_SHIPTO, 0}, {"warenempfänger", EXL_SHIPTO, 0}, {"lieferung an", EXL_SHIPTO, 0},
    {"deliver to", EXL_SHIPTO, 0}, {"delivered to", EXL_SHIPTO, 0}, {"shipping address", EXL_SHIPTO, 0},
    {"expédition", EXL_SHIPTO, 0}, {"lieu de livraison", EXL_SHIPTO, 0}, {"livraison à", EXL_SHIPTO, 0},
    {"indirizzo di consegna", EXL_SHIPTO, 0}, {"consegna presso", EXL_SHIPTO, 0},
    {"nettobetrag", EXL_SUBTOTAL, 0}, {"nettosumme", EXL_SUBTOTAL, 0}, {"summe", EXL_SUBTOTAL, 1},
    {"goods total", EXL_SUBTOTAL, 0}, {"hors taxes", EXL_SUBTOTAL, 0}, {"totale merce", EXL_SUBTOTAL, 0},
    {"excl.", EXL_SUBTOTAL, 0}, {"sum net", EXL_SUBTOTAL, 0},
    {"vat", EXL_TAX, 1}, {"mehrwertsteuer", EXL_TAX, 0}, {"t.v.a", EXL_TAX, 0},
    {"endbetrag", EXL_TOTAL, 0}, {"rechnungssumme", EXL_TOTAL, 0}, {"invoice amount", EXL_TOTAL, 0},
    {"restbetrag", EXL_PAYABLE, 0}, {"überweisen", EXL_PAYABLE, 0}, {"please pay", EXL_PAYABLE, 0},
    {"balance", EXL_PAYABLE, 1}, {"solde", EXL_PAYABLE, 0}, {"à payer", EXL_PAYABLE, 0}, {"saldo", EXL_PAYABLE, 1},
};

/* lower-case copy (ASCII and the Latin-1 capitals of UTF-8) */
static void lower(const char *s, char *out, size_t size)
{
    size_t k = 0;
    for (; *s && k + 1 < size; s++, k++) {
        unsigned char c = (unsigned char)*s;
        if (c == 0xC3 && (unsigned char)s[1] >= 0x80 && (unsigned char)s[1] < 0xA0 && k + 2 < size) {
            out[k++] = (char)c;
            out[k] = (char)((unsigned char)s[1] + 0x20);
            s++;
            continue;
        }
        out[k] = (char)tolower(c);
    }
    out[k] = '\0';
}

static int word_char(char c)
{
    return isalnum((unsigned char)c) || (unsigned char)c >= 0x80;
}

static const char *find(const char *hay, const lab_t *l)
{
    const char *p = hay;
    size_t n = strlen(l->w);
    while ((p = strstr(p, l->w)) != NULL) {
        int ok_left = p == hay || !word_char(p[-1]);
        int ok_right = !word_char(p[n]) || !word_char(l->w[n - 1]);
        if (!l->whole || (ok_left && ok_right))
            return p;
        p++;
    }
    return NULL;
}

unsigned ex_label_mask(const char *text)
{
    char low[256], folded[256];
    unsigned m = 0;
    size_t i;
    int accents;
    lower(text, low, sizeof low);
    accents = ex_fold(text, folded, sizeof folded);
    for (i = 0; i < sizeof LABELS / sizeof *LABELS; i++) {
        if (find(low, &LABELS[i])) {
            m |= 1u << LABELS[i].kind;
        } else if (!accents && strchr(LABELS[i].w, 0xC3)) {
            /* "Emetteur", "Reference": the label printed (or OCR'd) without its accents */
            char fw[64];
            lab_t fl = LABELS[i];
            ex_fold(LABELS[i].w, fw, sizeof fw);
            fl.w = fw;
            if (find(folded, &fl))
                m |= 1u << LABELS[i].kind;
        }
    }
    return m;
}

size_t ex_label_prefix(const char *text)
{
    char low[256];
    size_t i, best = 0;
    lower(text, low, sizeof low);
    for (i = 0; i < sizeof LABELS / sizeof *LABELS; i++) {
        const char *p = find(low, &LABELS[i]);
        if (p && p - low < 40) {
            size_t end = (size_t)(p - low) + strlen(LABELS[i].w);
            if (end > best)
                best = end;
        }
    }
    /* skip what follows the label up to the value: '.', ':', spaces */
    while (best && (low[best] == ':' || low[best] == '.' || low[best] == ' ' || low[best] == '#'))
        best++;
    /* the lower-cased copy has the same byte offsets as text */
    return best < strlen(text) ? best : 0;
}

int ex_label_only(const char *text, unsigned kinds)
{
    char low[256];
    size_t i, n;
    int letters = 0;
    lower(text, low, sizeof low);
    n = strlen(low);
    for (i = 0; i < sizeof LABELS / sizeof *LABELS; i++) {
        const char *p;
        if (!((kinds >> LABELS[i].kind) & 1u))
            continue;
        while ((p = find(low, &LABELS[i])) != NULL)
            memset((char *)p, ' ', strlen(LABELS[i].w));   /* blank the label's letters */
    }
    for (i = 0; i < n; i++)
        letters += isalpha((unsigned char)low[i]) || (unsigned char)low[i] >= 0x80;
    return letters == 0;
}
