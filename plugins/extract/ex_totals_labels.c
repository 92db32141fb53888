/* The wordings of the totals labels in German, English, French and Italian. A label is
 * matched on its folded text (lower case, no accents: OCR drops them) in groups of
 * decreasing precedence, so that "Net à payer" is the amount due before "net" makes it the
 * total without tax, and "Total TTC" is the total with tax before "total" is generic. */
#include "ex_totals.h"
#include "ex_shape.h"
#include <ctype.h>
#include <string.h>

typedef struct {
    const char *w;
    int kind;
    int specific;
} tlab_t;

/* Patterns match at the start of a word; one of 3 letters or fewer must end at a word's end,
 * longer ones may go on ("anzahlung" takes "Anzahlungen"). Order is precedence. */
static const tlab_t TLABELS[] = {
    /* paid in advance and rounding: never anything else */
    {"anzahlung", EXT_PREPAID, 1}, {"bereits bezahlt", EXT_PREPAID, 1}, {"bereits gezahlt", EXT_PREPAID, 1},
    {"bereits geleistet", EXT_PREPAID, 1}, {"vorauszahlung", EXT_PREPAID, 1}, {"vorausbezahlt", EXT_PREPAID, 1},
    {"abschlagszahlung", EXT_PREPAID, 1}, {"geleistete zahlung", EXT_PREPAID, 1}, {"erhaltene zahlung", EXT_PREPAID, 1},
    {"gezahlter betrag", EXT_PREPAID, 1}, {"prepaid", EXT_PREPAID, 1}, {"pre-paid", EXT_PREPAID, 1},
    {"already paid", EXT_PREPAID, 1}, {"amount paid", EXT_PREPAID, 1}, {"paid amount", EXT_PREPAID, 1},
    {"paid to date", EXT_PREPAID, 1}, {"payments received", EXT_PREPAID, 1}, {"payment received", EXT_PREPAID, 1},
    {"less payment", EXT_PREPAID, 1}, {"deposit", EXT_PREPAID, 1}, {"advance payment", EXT_PREPAID, 1},
    {"acompte", EXT_PREPAID, 1}, {"accompte", EXT_PREPAID, 1}, {"deja paye", EXT_PREPAID, 1}, {"deja regle", EXT_PREPAID, 1},
    {"deja verse", EXT_PREPAID, 1}, {"montant paye", EXT_PREPAID, 1}, {"paiement recu", EXT_PREPAID, 1},
    {"versement", EXT_PREPAID, 1}, {"acconto", EXT_PREPAID, 1}, {"acconti", EXT_PREPAID, 1},
    {"anticipo", EXT_PREPAID, 1}, {"gia pagato", EXT_PREPAID, 1}, {"gia versato", EXT_PREPAID, 1},
    {"importo pagato", EXT_PREPAID, 1},
    {"rundung", EXT_ROUND, 1}, {"rounding", EXT_ROUND, 1}, {"arrondi", EXT_ROUND, 1}, {"arrotondament", EXT_ROUND, 1},
    /* the amount due */
    {"zahlbetrag", EXT_PAYABLE, 1}, {"zu zahlen", EXT_PAYABLE, 1}, {"zu zahlender", EXT_PAYABLE, 1},
    {"offener betrag", EXT_PAYABLE, 1}, {"offen", EXT_PAYABLE, 1}, {"restbetrag", EXT_PAYABLE, 1},
    {"faelliger betrag", EXT_PAYABLE, 1}, {"fallig", EXT_PAYABLE, 1}, {"zahlbar", EXT_PAYABLE, 1},
    {"forderungsbetrag", EXT_PAYABLE, 1}, {"ueberweisungsbetrag", EXT_PAYABLE, 1}, {"uberweisungsbetrag", EXT_PAYABLE, 1},
    {"amount due", EXT_PAYABLE, 1}, {"balance due", EXT_PAYABLE, 1}, {"total due", EXT_PAYABLE, 1},
    {"due amount", EXT_PAYABLE, 1}, {"amount to pay", EXT_PAYABLE, 1}, {"to pay", EXT_PAYABLE, 1},
    {"to be paid", EXT_PAYABLE, 1}, {"open amount", EXT_PAYABLE, 1}, {"amount payable", EXT_PAYABLE, 1},
    {"payable amount", EXT_PAYABLE, 1}, {"total payable", EXT_PAYABLE, 1}, {"payable", EXT_PAYABLE, 1},
    {"please pay", EXT_PAYABLE, 1}, {"outstanding", EXT_PAYABLE, 1}, {"balance", EXT_PAYABLE, 1},
    {"net a payer", EXT_PAYABLE, 1}, {"net a regler", EXT_PAYABLE, 1}, {"reste a payer", EXT_PAYABLE, 1},
    {"reste du", EXT_PAYABLE, 1}, {"montant du", EXT_PAYABLE, 1}, {"montant a payer", EXT_PAYABLE, 1},
    {"montant a regler", EXT_PAYABLE, 1}, {"total a payer", EXT_PAYABLE, 1}, {"a payer", EXT_PAYABLE, 1},
    {"a regler", EXT_PAYABLE, 1}, {"solde", EXT_PAYABLE, 1}, {"netto a pagare", EXT_PAYABLE, 1},
    {"totale da pagare", EXT_PAYABLE, 1}, {"importo da pagare", EXT_PAYABLE, 1}, {"da pagare", EXT_PAYABLE, 1},
    {"a pagare", EXT_PAYABLE, 1}, {"importo dovuto", EXT_PAYABLE, 1}, {"saldo", EXT_PAYABLE, 1},
    /* allowances and charges of the document */
    {"rabatt", EXT_ALLOW, 1}, {"nachlass", EXT_ALLOW, 1}, {"abzug", EXT_ALLOW, 1}, {"gutschrift", EXT_ALLOW, 1},
    {"discount", EXT_ALLOW, 1}, {"allowance", EXT_ALLOW, 1}, {"reduction", EXT_ALLOW, 1}, {"remise", EXT_ALLOW, 1},
    {"rabais", EXT_ALLOW, 1}, {"ristourne", EXT_ALLOW, 1}, {"sconto", EXT_ALLOW, 1}, {"abbuono", EXT_ALLOW, 1},
    {"zuschlag", EXT_CHARGE, 1}, {"aufschlag", EXT_CHARGE, 1}, {"fracht", EXT_CHARGE, 1}, {"versand", EXT_CHARGE, 1},
    {"porto", EXT_CHARGE, 1}, {"verpackung", EXT_CHARGE, 1}, {"surcharge", EXT_CHARGE, 1}, {"charge", EXT_CHARGE, 1},
    {"shipping", EXT_CHARGE, 1}, {"freight", EXT_CHARGE, 1}, {"handling", EXT_CHARGE, 1}, {"postage", EXT_CHARGE, 1},
    {"frais", EXT_CHARGE, 1}, {"port", EXT_CHARGE, 1}, {"emballage", EXT_CHARGE, 1}, {"majoration", EXT_CHARGE, 1},
    {"spese", EXT_CHARGE, 1}, {"trasporto", EXT_CHARGE, 1}, {"imballo", EXT_CHARGE, 1}, {"maggiorazione", EXT_CHARGE, 1},
    /* the total without tax: a "net" word decides before "total" or "Betrag" */
    {"netto", EXT_NET, 1}, {"net", EXT_NET, 1}, {"ht", EXT_NET, 1}, {"h.t", EXT_NET, 1}, {"hors tax", EXT_NET, 1},
    {"excl", EXT_NET, 1}, {"exkl", EXT_NET, 1}, {"excluding", EXT_NET, 1}, {"exclusive", EXT_NET, 1},
    {"without vat", EXT_NET, 1}, {"before tax", EXT_NET, 1}, {"pre-tax", EXT_NET, 1}, {"ohne mwst", EXT_NET, 1},
    {"ohne ust", EXT_NET, 1}, {"taxable", EXT_NET, 1}, {"tax basis", EXT_NET, 1}, {"tax base", EXT_NET, 1},
    {"bemessungsgrundlage", EXT_NET, 1}, {"steuerpflichtig", EXT_NET, 1}, {"imponibile", EXT_NET, 1},
    {"base imposable", EXT_NET, 1}, {"base ht", EXT_NET, 1}, {"senza iva", EXT_NET, 1},
    /* the sum of the lines */
    {"summe positionen", EXT_LINES, 1}, {"positionssumme", EXT_LINES, 1}, {"summe der positionen", EXT_LINES, 1},
    {"warenwert", EXT_LINES, 1}, {"warensumme", EXT_LINES, 1}, {"zwischensumme", EXT_LINES, 1},
    {"line total", EXT_LINES, 1}, {"lines total", EXT_LINES, 1}, {"total lines", EXT_LINES, 1},
    {"sum of line", EXT_LINES, 1}, {"items total", EXT_LINES, 1}, {"item total", EXT_LINES, 1},
    {"total items", EXT_LINES, 1}, {"subtotal", EXT_LINES, 1}, {"sub-total", EXT_LINES, 1}, {"sub total", EXT_LINES, 1},
    {"sous-total", EXT_LINES, 1}, {"sous total", EXT_LINES, 1}, {"total articles", EXT_LINES, 1},
    {"total des lignes", EXT_LINES, 1}, {"total produits", EXT_LINES, 1}, {"totale merce", EXT_LINES, 1},
    {"totale righe", EXT_LINES, 1}, {"totale prodotti", EXT_LINES, 1}, {"totale parziale", EXT_LINES, 1},
    {"subtotale", EXT_LINES, 1},
    /* the total with tax */
    {"brutto", EXT_GROSS, 1}, {"ttc", EXT_GROSS, 1}, {"t.t.c", EXT_GROSS, 1}, {"gross", EXT_GROSS, 1},
    {"grand total", EXT_GROSS, 1}, {"incl", EXT_GROSS, 1}, {"inkl", EXT_GROSS, 1}, {"including", EXT_GROSS, 1},
    {"gesamtbetrag", EXT_GROSS, 1}, {"gesamtsumme", EXT_GROSS, 1}, {"rechnungsbetrag", EXT_GROSS, 1},
    {"rechnungssumme", EXT_GROSS, 1}, {"rechnungsendbetrag", EXT_GROSS, 1}, {"endbetrag", EXT_GROSS, 1},
    {"endsumme", EXT_GROSS, 1}, {"invoice total", EXT_GROSS, 1}, {"total invoice", EXT_GROSS, 1},
    {"invoice amount", EXT_GROSS, 1}, {"total amount", EXT_GROSS, 1}, {"montant total", EXT_GROSS, 1},
    {"total general", EXT_GROSS, 1}, {"totale fattura", EXT_GROSS, 1}, {"totale documento", EXT_GROSS, 1},
    {"importo totale", EXT_GROSS, 1}, {"totale complessivo", EXT_GROSS, 1}, {"totale generale", EXT_GROSS, 1},
    /* tax */
    {"mwst", EXT_TAX, 1}, {"mw.-st", EXT_TAX, 1}, {"mw.st", EXT_TAX, 1}, {"ust", EXT_TAX, 1}, {"umsatzsteuer", EXT_TAX, 1},
    {"mehrwertsteuer", EXT_TAX, 1}, {"steuer", EXT_TAX, 1}, {"vat", EXT_TAX, 1}, {"v.a.t", EXT_TAX, 1},
    {"value added tax", EXT_TAX, 1}, {"tax", EXT_TAX, 1}, {"taxes", EXT_TAX, 1}, {"tva", EXT_TAX, 1}, {"t.v.a", EXT_TAX, 1},
    {"iva", EXT_TAX, 1}, {"i.v.a", EXT_TAX, 1}, {"imposta", EXT_TAX, 1}, {"gst", EXT_TAX, 1},
    /* one of the totals */
    {"total", EXT_TOTAL, 0}, {"totaal", EXT_TOTAL, 0}, {"gesamt", EXT_TOTAL, 0}, {"summe", EXT_TOTAL, 0},
    {"betrag", EXT_TOTAL, 0}, {"totale", EXT_TOTAL, 0}, {"somme", EXT_TOTAL, 0}, {"montant", EXT_TOTAL, 0},
    {"amount", EXT_TOTAL, 0}, {"importo", EXT_TOTAL, 0},
};

static int alnum_at(const char *p)
{
    return isalnum((unsigned char)*p) || (unsigned char)*p >= 0x80;
}

static const char *find_word(const char *hay, const char *w)
{
    size_t n = strlen(w);
    const char *p = hay;
    while ((p = strstr(p, w)) != NULL) {
        int left = p == hay || !alnum_at(p - 1);
        /* words of three letters end at a word's end ("ht" is not "htm", "tax" not
         * "taxi"); longer ones may go on ("netto" takes "Nettobetrag") */
        int right = n > 3 || !alnum_at(p + n) || !alnum_at(w + n - 1);
        if (left && right)
            return p;
        p++;
    }
    return NULL;
}

int ex_totals_label(const char *text, int *specific)
{
    char f[160];
    size_t i, letters = 0;
    const char *p;
    int tax = -1, gross = -1;
    ex_fold(text, f, sizeof f);
    for (p = f; *p; p++)
        letters += isalpha((unsigned char)*p) != 0;
    if (letters < 2)
        return -1;
    for (i = 0; i < sizeof TLABELS / sizeof *TLABELS; i++)
        if (find_word(f, TLABELS[i].w)) {
            int k = TLABELS[i].kind;
            if (k == EXT_GROSS && gross < 0)
                gross = (int)i;
            if (k == EXT_TAX && tax < 0)
                tax = (int)i;
            if (k == EXT_GROSS && !strncmp(TLABELS[i].w, "in", 2))
                continue;   /* "inkl. 19 % MwSt." is the tax a gross price holds: decided below */
            if (k == EXT_TAX && gross >= 0)
                break;
            if (k == EXT_NET && (find_word(f, "zzgl") || find_word(f, "plus")) && !find_word(f, "total") &&
                !find_word(f, "summe"))
                continue;   /* "zzgl. 19 % MwSt. auf netto": a tax line */
            if (specific)
                *specific = TLABELS[i].specific;
            return k;
        }
    if (gross >= 0) {
        /* "incl./inkl." alone: a total with tax when the label says total, else the tax */
        int total = find_word(f, "total") || find_word(f, "summe") || find_word(f, "gesamt") ||
                    find_word(f, "betrag") || find_word(f, "montant") || find_word(f, "amount");
        if (specific)
            *specific = 1;
        return total || tax < 0 ? EXT_GROSS : EXT_TAX;
    }
    return -1;
}
