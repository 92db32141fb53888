"""Random content for synthetic invoices: companies with valid VAT ids and IBANs, items,
labels per language (several wordings each), number and date formats. Used by gen.py."""
import random

COUNTRIES = {
    # code: (language, standard rate, reduced rates, country names per language)
    "DE": ("de", "19.00", ["7.00"]), "AT": ("de", "20.00", ["10.00", "13.00"]),
    "FR": ("fr", "20.00", ["5.50", "10.00"]), "BE": ("fr", "21.00", ["6.00", "12.00"]),
    "IT": ("it", "22.00", ["10.00", "4.00"]), "NL": ("en", "21.00", ["9.00"]),
    "ES": ("en", "21.00", ["10.00"]), "GB": ("en", "20.00", ["5.00"]),
    "US": ("en", None, []),
}
COUNTRY_NAMES = {
    "DE": {"de": "Deutschland", "en": "Germany", "fr": "Allemagne", "it": "Germania"},
    "AT": {"de": "Österreich", "en": "Austria", "fr": "Autriche", "it": "Austria"},
    "FR": {"de": "Frankreich", "en": "France", "fr": "France", "it": "Francia"},
    "BE": {"de": "Belgien", "en": "Belgium", "fr": "Belgique", "it": "Belgio"},
    "IT": {"de": "Italien", "en": "Italy", "fr": "Italie", "it": "Italia"},
    "NL": {"de": "Niederlande", "en": "Netherlands", "fr": "Pays-Bas", "it": "Paesi Bassi"},
    "ES": {"de": "Spanien", "en": "Spain", "fr": "Espagne", "it": "Spagna"},
    "GB": {"de": "Vereinigtes Königreich", "en": "United Kingdom", "fr": "Royaume-Uni", "it": "Regno Unito"},
    "US": {"de": "USA", "en": "United States", "fr": "États-Unis", "it": "Stati Uniti"},
}
CITIES = {
    "DE": [("Berlin", "10115"), ("Hamburg", "20457"), ("München", "80331"), ("Köln", "50667"),
           ("Frankfurt am Main", "60311"), ("Stuttgart", "70173"), ("Leipzig", "04109"),
           ("Dresden", "01067"), ("Hannover", "30159"), ("Nürnberg", "90402"), ("Bremen", "28195"),
           ("Essen", "45127"), ("Dortmund", "44135"), ("Mannheim", "68159"), ("Kiel", "24103")],
    "AT": [("Wien", "1010"), ("Graz", "8010"), ("Linz", "4020"), ("Salzburg", "5020"), ("Innsbruck", "6020")],
    "FR": [("Paris", "75008"), ("Lyon", "69002"), ("Marseille", "13001"), ("Toulouse", "31000"),
           ("Nice", "06000"), ("Nantes", "44000"), ("Strasbourg", "67000"), ("Bordeaux", "33000"),
           ("Lille", "59000"), ("Rennes", "35000"), ("Grenoble", "38000")],
    "BE": [("Bruxelles", "1000"), ("Liège", "4000"), ("Namur", "5000"), ("Charleroi", "6000"), ("Mons", "7000")],
    "IT": [("Milano", "20121", "MI"), ("Roma", "00184", "RM"), ("Torino", "10121", "TO"),
           ("Napoli", "80133", "NA"), ("Bologna", "40121", "BO"), ("Firenze", "50123", "FI"),
           ("Genova", "16121", "GE"), ("Verona", "37121", "VR"), ("Padova", "35122", "PD")],
    "NL": [("Amsterdam", "1017 AB"), ("Rotterdam", "3015 JJ"), ("Utrecht", "3511 LX"),
           ("Eindhoven", "5611 EM"), ("Den Haag", "2511 BT"), ("Groningen", "9711 LM")],
    "ES": [("Madrid", "28013"), ("Barcelona", "08002"), ("Valencia", "46002"), ("Sevilla", "41001"), ("Bilbao", "48001")],
    "GB": [("London", "EC1V 9HX"), ("Manchester", "M1 1AE"), ("Leeds", "LS1 4DY"),
           ("Bristol", "BS1 4DJ"), ("Glasgow", "G2 1DY"), ("Birmingham", "B3 3HJ")],
    "US": [("Boston", "02108", "MA"), ("Austin", "78701", "TX"), ("Chicago", "60601", "IL"),
           ("Seattle", "98101", "WA"), ("Denver", "80202", "CO"), ("New York", "10001", "NY")],
}
US_TAX = {"MA": "6.25", "TX": "8.25", "IL": "10.25", "WA": "10.10", "CO": "8.81", "NY": "8.88"}
STREETS = {
    "de": ["Hauptstraße", "Bahnhofstraße", "Industriestraße", "Lindenweg", "Gartenstraße",
           "Am Markt", "Schillerstraße", "Goethestraße", "Hafenstraße", "Mühlenweg", "Ringstraße"],
    "fr": ["rue de la République", "avenue Victor Hugo", "boulevard Voltaire", "rue des Lilas",
           "allée des Tilleuls", "rue du Commerce", "place de la Gare", "chemin des Vignes"],
    "it": ["Via Roma", "Corso Italia", "Via Garibaldi", "Viale Mazzini", "Via Dante",
           "Piazza Cavour", "Via Verdi", "Via dei Mille"],
    "nl": ["Prinsengracht", "Marktplein", "Kerkstraat", "Dorpsstraat", "Stationsweg", "Havenkade"],
    "es": ["Calle Mayor", "Avenida de la Constitución", "Calle Alcalá", "Gran Vía", "Paseo del Prado"],
    "en": ["High Street", "Station Road", "Church Lane", "Victoria Road", "King Street", "Mill Lane"],
    "us": ["Main Street", "Oak Avenue", "Market Street", "Elm Street", "Washington Blvd", "Pine Road"],
}
NAMES = {
    "de": ["Müller", "Schmidt", "Becker", "Hoffmann", "Wagner", "Keller", "Richter", "Nordwind",
           "Alpen", "Sonnen", "Rhein", "Elbe", "Kraus", "Berger", "Wolf", "Lorenz"],
    "fr": ["Bernard", "Dubois", "Moreau", "Laurent", "Simon", "Michel", "Lefebvre", "Garnier",
           "Rousseau", "Fontaine", "Mercier", "Girard"],
    "it": ["Rossi", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Conti",
           "Gallo", "Fontana", "Moretti", "Esposito"],
    "nl": ["Jansen", "De Vries", "Bakker", "Visser", "Smit", "Meijer", "Hendriks", "Mulder"],
    "es": ["García", "Martínez", "López", "Sánchez", "Romero", "Navarro", "Torres", "Ruiz"],
    "en": ["Smith", "Taylor", "Brown", "Wilson", "Evans", "Walker", "Harris", "Clarke"],
}
TRADES = {
    "de": ["Technik", "Handel", "Bau", "Logistik", "Software", "Elektro", "Metallbau", "Druck", "Service"],
    "fr": ["Informatique", "Bâtiment", "Services", "Conseil", "Distribution", "Énergie", "Transports"],
    "it": ["Impianti", "Servizi", "Costruzioni", "Informatica", "Forniture", "Trasporti", "Elettronica"],
    "en": ["Engineering", "Supplies", "Consulting", "Logistics", "Systems", "Technologies", "Trading"],
}
FORMS = {"DE": ["GmbH", "AG", "GmbH & Co. KG", "e.K.", "KG", "UG (haftungsbeschränkt)"],
         "AT": ["GmbH", "AG", "KG", "OG"], "FR": ["SAS", "SARL", "SA", "EURL", "SASU"],
         "BE": ["SA", "SRL", "SPRL", "SC"], "IT": ["S.r.l.", "S.p.A.", "S.n.c.", "S.a.s."],
         "NL": ["B.V.", "N.V.", "V.O.F."], "ES": ["S.L.", "S.A.", "S.L.U."],
         "GB": ["Ltd", "Limited", "PLC", "LLP"], "US": ["Inc.", "LLC", "Corp.", "Co."]}
NAME_LANG = {"DE": "de", "AT": "de", "FR": "fr", "BE": "fr", "IT": "it", "NL": "nl", "ES": "es", "GB": "en", "US": "en"}
STREET_LANG = {"DE": "de", "AT": "de", "FR": "fr", "BE": "fr", "IT": "it", "NL": "nl", "ES": "es", "GB": "en", "US": "us"}


def digits(r, n):
    return "".join(r.choice("0123456789") for _ in range(n))


def vat_id(r, cc):
    """A VAT id with correct check digits (spaced as printed, normalised)."""
    while True:
        if cc == "DE":
            d = str(r.randint(1, 9)) + digits(r, 7)
            p = 10
            for ch in d:
                s = (int(ch) + p) % 10 or 10
                p = (2 * s) % 11
            return "DE" + d + str((11 - p) % 10)
        if cc == "AT":
            d = digits(r, 7)
            s = 0
            for i, ch in enumerate(d):
                v = int(ch)
                if i % 2:
                    v *= 2
                    v = v // 10 + v % 10
                s += v
            return "ATU" + d + str((10 - (s + 4) % 10) % 10)
        if cc == "FR":
            siren = str(r.randint(1, 9)) + digits(r, 8)
            return "FR%02d%s" % ((12 + 3 * (int(siren) % 97)) % 97, siren)
        if cc == "IT":
            d = digits(r, 10)
            return "IT" + d + str(luhn_it(d))
        if cc == "NL":
            d = digits(r, 8)
            c = sum(int(x) * (9 - i) for i, x in enumerate(d)) % 11
            if c == 10:
                continue
            return "NL%s%dB%02d" % (d, c, r.randint(1, 20))
        if cc == "BE":
            d = "0" + str(r.randint(2, 9)) + digits(r, 6)
            return "BE%s%02d" % (d, 97 - int(d) % 97)
        if cc == "ES":
            letter = r.choice("ABCDEFGHJ")
            d = digits(r, 7)
            s = 0
            for i, ch in enumerate(d):
                v = int(ch)
                if i % 2 == 0:
                    v *= 2
                    v = v // 10 + v % 10
                s += v
            return "ES" + letter + d + str((10 - s % 10) % 10)
        if cc == "GB":
            d = digits(r, 7)
            s = sum(int(x) * (8 - i) for i, x in enumerate(d))
            c = (-s) % 97
            return "GB%s%02d" % (d, c)
        if cc == "US":
            return "%02d-%07d" % (r.randint(10, 99), r.randint(0, 9999999))


def luhn_it(d):
    s = 0
    for i, ch in enumerate(d):
        v = int(ch)
        if i % 2:
            v *= 2
            if v > 9:
                v -= 9
        s += v
    return (10 - s % 10) % 10


IBAN_LEN = {"DE": 22, "AT": 20, "FR": 27, "BE": 16, "IT": 27, "NL": 18, "ES": 24, "GB": 22}


def iban(r, cc):
    n = IBAN_LEN[cc] - 4
    if cc == "NL":
        bban = r.choice(["ABNA", "RABO", "INGB", "TRIO"]) + digits(r, 10)
    elif cc == "GB":
        bban = r.choice(["BARC", "LOYD", "NWBK", "HSBC"]) + digits(r, 14)
    elif cc == "IT":
        bban = r.choice("ABCDEFGHIJKLMNOPRSTUVWXZ") + digits(r, 22)
    else:
        bban = digits(r, n)
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    return "%s%02d%s" % (cc, 98 - int(num) % 97, bban)


def company(r, cc):
    nl = NAME_LANG[cc]
    tl = "de" if nl == "de" else "fr" if nl == "fr" else "it" if nl == "it" else "en"
    a, b = r.sample(NAMES[nl], 2)
    form = r.choice(FORMS[cc])
    style = r.random()
    if style < 0.35:
        name = "%s %s %s" % (a, r.choice(TRADES[tl]), form)
    elif style < 0.6:
        name = "%s & %s %s" % (a, b, form)
    elif style < 0.8:
        name = "%s %s" % (r.choice(TRADES[tl]) + " " + a, form)
    else:
        name = "%s %s" % (a, form)
    city = r.choice(CITIES[cc])
    sl = STREET_LANG[cc]
    street = r.choice(STREETS[sl])
    no = str(r.randint(1, 180)) + (r.choice(["", "", "", "a", " bis", "b"]) if sl in ("de", "fr") else "")
    if sl in ("fr",):
        line1 = "%s %s" % (no, street)
    elif sl in ("en", "us"):
        line1 = "%s %s" % (r.randint(1, 999), street)
        if r.random() < 0.2 and sl == "us":
            line1 += ", Suite %d" % r.randint(100, 900)
    elif sl == "it":
        line1 = "%s, %s" % (street, no) if r.random() < 0.6 else "%s %s" % (street, no)
    else:
        line1 = "%s %s" % (street, no)
    c = {"name": name, "cc": cc, "line1": line1, "city": city[0], "postalCode": city[1],
         "prov": city[2] if len(city) > 2 else None, "vatId": vat_id(r, cc),
         "iban": iban(r, cc) if cc != "US" else None}
    c["email"] = "invoices@%s.example" % "".join(ch for ch in a.lower() if ch.isalpha())
    c["phone"] = "+%d %d %d" % (r.choice([49, 33, 39, 31, 44, 1, 43, 32, 34]), r.randint(10, 999), r.randint(100000, 9999999))
    return c


SUFFIXES = {"de": [" (LS %d)", ", KW %d", " (Lieferschein %d)"], "en": [" (delivery note %d)", ", week %d", " (DN %d)"],
            "fr": [" (BL %d)", ", semaine %d"], "it": [" (DDT %d)", ", settimana %d"]}

ITEMS = {
    "de": [("Beratung Projektphase %d", ["HUR"]), ("Montage vor Ort", ["HUR"]), ("Druckerpapier A4, 500 Blatt", ["H87", "C62"]),
           ("Kabelkanal 60x40 mm", ["MTR"]), ("Wartungsvertrag Heizung", ["MON"]), ("Versandkosten", ["LS"]),
           ("Softwarelizenz Jahresabo", ["C62", "H87"]), ("Reinigung Büroflächen", ["MTK"]), ("Fahrtkosten", ["KMT"]),
           ("Schrauben M8, Packung", ["SET", "H87"]), ("Heizöl EL", ["LTR"]), ("Projektleitung (Tagessatz)", ["DAY"]),
           ("Fachbuch Steuerrecht 2026", ["H87"]), ("Kaffeebohnen, Röstung mittel", ["KGM"]), ("Werkzeugsatz Elektrik", ["SET"]),
           ("Entwicklung Modul Auftragsverwaltung inkl. Tests und Dokumentation", ["HUR"])],
    "en": [("Consulting services phase %d", ["HUR"]), ("On-site installation", ["HUR"]), ("Copy paper A4, ream of 500", ["H87", "C62"]),
           ("Cable duct 60x40 mm", ["MTR"]), ("Maintenance contract", ["MON"]), ("Freight charges", ["LS"]),
           ("Software licence, annual", ["C62", "H87"]), ("Office cleaning", ["MTK"]), ("Travel expenses", ["KMT"]),
           ("Screw set M8", ["SET", "H87"]), ("Heating oil", ["LTR"]), ("Project management (day rate)", ["DAY"]),
           ("Reference book: tax law", ["H87"]), ("Coffee beans, medium roast", ["KGM"]), ("Tool kit, electrical", ["SET"]),
           ("Software development - order management module with tests and documentation", ["HUR"])],
    "fr": [("Prestation de conseil phase %d", ["HUR"]), ("Travaux de montage sur site", ["HUR"]), ("Papier copieur A4, ramette de 500", ["H87", "C62"]),
           ("Goulotte 60x40 mm", ["MTR"]), ("Contrat de maintenance", ["MON"]), ("Frais de port", ["LS"]),
           ("Licence logicielle annuelle", ["C62", "H87"]), ("Nettoyage des bureaux", ["MTK"]), ("Frais de déplacement", ["KMT"]),
           ("Jeu de vis M8", ["SET", "H87"]), ("Fioul domestique", ["LTR"]), ("Gestion de projet (jour)", ["DAY"]),
           ("Ouvrage de droit fiscal", ["H87"]), ("Café en grains, torréfaction moyenne", ["KGM"]), ("Kit d'outillage électrique", ["SET"]),
           ("Développement du module de gestion des commandes avec tests et documentation", ["HUR"])],
    "it": [("Consulenza fase %d", ["HUR"]), ("Montaggio in loco", ["HUR"]), ("Carta per fotocopie A4, risma da 500", ["H87", "C62"]),
           ("Canalina 60x40 mm", ["MTR"]), ("Contratto di manutenzione", ["MON"]), ("Spese di trasporto", ["LS"]),
           ("Licenza software annuale", ["C62", "H87"]), ("Pulizia uffici", ["MTK"]), ("Spese di viaggio", ["KMT"]),
           ("Set di viti M8", ["SET", "H87"]), ("Gasolio da riscaldamento", ["LTR"]), ("Gestione progetto (giornata)", ["DAY"]),
           ("Manuale di diritto tributario", ["H87"]), ("Caffè in grani, tostatura media", ["KGM"]), ("Kit attrezzi elettrici", ["SET"]),
           ("Sviluppo software modulo gestione ordini con test e documentazione", ["HUR"])],
}
UNIT_WORDS = {
    "H87": {"de": ["Stk.", "Stück"], "en": ["pcs", "pc", "each"], "fr": ["pce", "pièce(s)"], "it": ["pz", "pz."]},
    "C62": {"de": ["Einh.", "Einheit"], "en": ["unit", "units"], "fr": ["unité", "u."], "it": ["unità", "n."]},
    "HUR": {"de": ["Std.", "h", "Stunden"], "en": ["hrs", "h", "hours"], "fr": ["h", "heure(s)"], "it": ["ore", "h"]},
    "KGM": {"de": ["kg"], "en": ["kg"], "fr": ["kg"], "it": ["kg"]},
    "DAY": {"de": ["Tag(e)", "Tage", "PT"], "en": ["days", "day(s)"], "fr": ["jour(s)", "j"], "it": ["gg", "giorni"]},
    "MTR": {"de": ["m"], "en": ["m"], "fr": ["m"], "it": ["m", "mt"]},
    "LTR": {"de": ["l", "Liter"], "en": ["l", "litres"], "fr": ["l", "litre(s)"], "it": ["l", "lt"]},
    "MON": {"de": ["Monat(e)", "Mon."], "en": ["month(s)", "mo."], "fr": ["mois"], "it": ["mese/i", "mesi"]},
    "LS": {"de": ["pauschal", "psch."], "en": ["lump sum", "flat"], "fr": ["forfait"], "it": ["a corpo", "forfait"]},
    "SET": {"de": ["Set", "Satz"], "en": ["set", "sets"], "fr": ["jeu", "kit"], "it": ["set", "kit"]},
    "MTK": {"de": ["m²", "qm"], "en": ["m²", "sq m"], "fr": ["m²"], "it": ["m²", "mq"]},
    "KMT": {"de": ["km"], "en": ["km"], "fr": ["km"], "it": ["km"]},
}

# label wordings: several per field and language
LABELS = {
    "title": {"de": ["Rechnung", "RECHNUNG", "Rechnung / Invoice"], "en": ["Invoice", "INVOICE", "Tax Invoice"],
              "fr": ["Facture", "FACTURE"], "it": ["Fattura", "FATTURA", "Fattura commerciale"]},
    "number": {"de": ["Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Beleg-Nr.", "Re.-Nr."],
               "en": ["Invoice No.", "Invoice number", "Invoice #", "Number", "Document no."],
               "fr": ["Facture n°", "N° de facture", "Numéro de facture", "Facture N°"],
               "it": ["Fattura n.", "Numero fattura", "N. fattura", "Documento n."]},
    "date": {"de": ["Rechnungsdatum", "Datum", "Belegdatum", "Ausstellungsdatum"],
             "en": ["Invoice date", "Date", "Date of issue", "Issue date"],
             "fr": ["Date de facture", "Date", "Date d'émission", "Émise le"],
             "it": ["Data fattura", "Data", "Data documento", "Data emissione"]},
    "due": {"de": ["Fällig am", "Zahlbar bis", "Fälligkeit", "Zahlungsziel"],
            "en": ["Due date", "Payment due", "Due", "Pay by"],
            "fr": ["Échéance", "Date d'échéance", "À payer avant le", "Payable le"],
            "it": ["Scadenza", "Data scadenza", "Pagamento entro", "Scad."]},
    "ref": {"de": ["Ihre Referenz", "Ihr Zeichen", "Leitweg-ID", "Käuferreferenz"],
            "en": ["Your reference", "Buyer reference", "Your ref.", "Reference"],
            "fr": ["Votre référence", "Réf. client", "Référence acheteur", "Vos réf."],
            "it": ["Vs. riferimento", "Riferimento cliente", "Vostro rif.", "Rif. acquirente"]},
    "customer": {"de": ["Kundennummer", "Kunden-Nr.", "Kd.-Nr."], "en": ["Customer No.", "Customer ID", "Account no."],
                 "fr": ["N° client", "Code client"], "it": ["Codice cliente", "Cliente n."]},
    "order": {"de": ["Bestellnummer", "Auftrag", "Bestell-Nr."], "en": ["Order No.", "PO number", "Purchase order"],
              "fr": ["N° de commande", "Bon de commande"], "it": ["Ordine n.", "Rif. ordine"]},
    "delivery": {"de": ["Lieferdatum", "Leistungsdatum", "Leistungszeitraum bis"], "en": ["Delivery date", "Service date", "Shipped"],
                 "fr": ["Date de livraison", "Livré le"], "it": ["Data consegna", "Data DDT"]},
    "vat": {"de": ["USt-IdNr.", "USt-ID", "UID-Nr.", "Umsatzsteuer-ID"], "en": ["VAT ID", "VAT No.", "VAT reg. no.", "VAT"],
            "fr": ["N° TVA", "TVA intracom.", "N° TVA intracommunautaire"], "it": ["P.IVA", "Partita IVA", "P. IVA"]},
    "buyervat": {"de": ["Ihre USt-IdNr.", "USt-IdNr. Kunde", "USt-IdNr."], "en": ["Your VAT ID", "Customer VAT", "VAT No."],
                 "fr": ["Votre n° TVA", "TVA client", "N° TVA"], "it": ["Vs. P.IVA", "P.IVA cliente", "P.IVA"]},
    "billto": {"de": ["Rechnungsempfänger", "Rechnung an", "Kunde", ""], "en": ["Bill to", "Invoice to", "Customer", "Billed to", ""],
               "fr": ["Facturé à", "Client", "Destinataire", ""], "it": ["Spett.le", "Cliente", "Intestatario", ""]},
    "seller": {"de": ["Lieferant", "Rechnungssteller", "Absender", "Verkäufer"], "en": ["From", "Seller", "Supplier", "Issued by"],
               "fr": ["Émetteur", "Vendeur", "Fournisseur", "Prestataire"], "it": ["Fornitore", "Cedente", "Emittente", "Venditore"]},
    "shipto": {"de": ["Lieferanschrift", "Lieferadresse"], "en": ["Ship to", "Delivery address"],
               "fr": ["Livré à", "Adresse de livraison"], "it": ["Destinazione merce", "Luogo di consegna"]},
    "pos": {"de": ["Pos.", "Nr."], "en": ["No.", "#", "Item"], "fr": ["N°", "Réf."], "it": ["N.", "Pos."]},
    "desc": {"de": ["Beschreibung", "Bezeichnung", "Artikel / Leistung", "Leistung"],
             "en": ["Description", "Item", "Service / product", "Details"],
             "fr": ["Désignation", "Description", "Libellé"], "it": ["Descrizione", "Articolo", "Prestazione"]},
    "qty": {"de": ["Menge", "Anz.", "Anzahl"], "en": ["Qty", "Quantity", "Units"], "fr": ["Qté", "Quantité"], "it": ["Q.tà", "Quantità", "Qtà"]},
    "unit": {"de": ["Einheit", "ME"], "en": ["Unit", "UoM"], "fr": ["Unité", "U."], "it": ["U.M.", "Unità"]},
    "price": {"de": ["Einzelpreis", "E-Preis", "Preis/Einh."], "en": ["Unit price", "Price", "Rate"],
              "fr": ["Prix unitaire", "P.U. HT", "Prix HT"], "it": ["Prezzo unitario", "Prezzo", "Prezzo unit."]},
    "rate": {"de": ["USt.", "MwSt.", "USt-Satz"], "en": ["VAT", "Tax", "VAT %"], "fr": ["TVA", "Taux TVA"], "it": ["IVA", "Aliq."]},
    "amount": {"de": ["Betrag", "Gesamt", "Netto"], "en": ["Amount", "Total", "Net"], "fr": ["Montant HT", "Total HT", "Montant"],
               "it": ["Importo", "Totale", "Imponibile"]},
    "subtotal": {"de": ["Nettobetrag", "Summe netto", "Zwischensumme", "Warenwert netto"],
                 "en": ["Subtotal", "Net amount", "Total net", "Net total"],
                 "fr": ["Total HT", "Montant HT", "Sous-total HT"], "it": ["Imponibile", "Totale imponibile", "Totale netto"]},
    "tax": {"de": ["MwSt.", "USt.", "Umsatzsteuer", "zzgl. MwSt.", "zzgl. USt."], "en": ["VAT", "Tax", "Sales tax", "VAT @"],
            "fr": ["TVA", "Montant TVA", "TVA à"], "it": ["IVA", "Imposta", "IVA al"]},
    "total": {"de": ["Bruttobetrag", "Gesamtbetrag", "Rechnungsbetrag", "Summe brutto"],
              "en": ["Total", "Invoice total", "Total incl. VAT", "Grand total"],
              "fr": ["Total TTC", "Montant TTC"], "it": ["Totale fattura", "Totale documento", "Totale"]},
    "payable": {"de": ["Zahlbetrag", "Zu zahlen", "Offener Betrag"], "en": ["Amount due", "Balance due", "Total due"],
                "fr": ["Net à payer", "Montant à régler", "Reste à payer"], "it": ["Netto a pagare", "Totale da pagare"]},
    "bank": {"de": ["Bankverbindung", "Bank"], "en": ["Bank details", "Payment details"], "fr": ["Coordonnées bancaires", "Banque"],
             "it": ["Coordinate bancarie", "Banca"]},
    "thanks": {"de": ["Vielen Dank für Ihren Auftrag.", "Wir danken für Ihr Vertrauen."],
               "en": ["Thank you for your business!", "We appreciate your order."],
               "fr": ["Nous vous remercions de votre confiance.", "Merci pour votre commande."],
               "it": ["Grazie per la fiducia accordataci.", "Cordiali saluti."]},
    "reverse": {"de": ["Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)."],
                "en": ["Reverse charge: VAT to be accounted for by the recipient."],
                "fr": ["Autoliquidation - article 283-2 du CGI."], "it": ["Inversione contabile - art. 7-ter DPR 633/72."]},
    "export": {"de": ["Steuerfreie Ausfuhrlieferung."], "en": ["Zero-rated export."],
               "fr": ["Exonération de TVA, article 262 I du CGI (exportation)."], "it": ["Non imponibile art. 8 DPR 633/72."]},
    "receipt": {"de": ["Zahlbar sofort nach Erhalt."], "en": ["Payable upon receipt."],
                "fr": ["Payable à réception."], "it": ["Pagamento a vista."]},
}
# More wordings, drawn by the training split on top of LABELS (gen.py --split train)
LABELS_TRAIN_EXTRA = {
    "number": {"de": ["Rechnungs-Nummer", "Beleg Nr."], "en": ["Invoice Number", "Inv. No."],
               "fr": ["Numéro", "Facture No"], "it": ["Numero documento", "Fattura nr."]},
    "date": {"de": ["Datum der Rechnung"], "en": ["Invoice Date", "Dated"], "fr": ["Date facture"], "it": ["Data doc."]},
    "due": {"de": ["Fälligkeitsdatum"], "en": ["Due on"], "fr": ["Échéance le"], "it": ["Data di scadenza"]},
    "ref": {"de": ["Ihre Ref."], "en": ["Your ref"], "fr": ["Votre réf."], "it": ["Vostro riferimento"]},
    "customer": {"de": ["Kundennr."], "en": ["Client No."], "fr": ["Numéro client"], "it": ["Cod. cliente"]},
    "billto": {"de": ["Rechnungsadresse"], "en": ["Sold to"], "fr": ["Adresse de facturation"], "it": ["Destinatario"]},
    "seller": {"de": ["Rechnungsaussteller"], "en": ["Vendor"], "fr": ["Émis par"], "it": ["Prestatore"]},
    "shipto": {"de": ["Versandadresse"], "en": ["Deliver to"], "fr": ["Adresse d'expédition"], "it": ["Indirizzo di consegna"]},
    "subtotal": {"de": ["Summe"], "en": ["Goods total"], "fr": ["Total hors taxes"], "it": ["Totale merce"]},
    "total": {"de": ["Endbetrag"], "en": ["Total amount"], "fr": ["Total à payer"], "it": ["Totale complessivo"]},
}
# Wordings only the held-out split draws (gen.py --split heldout): the models never see them
# in training, so the held-out score tells whether the label dictionaries and the label-kind
# features carry wordings the training corpus did not contain.
LABELS_HELDOUT = {
    "number": {"de": ["RG-Nr.", "Rechnung-Nr."], "en": ["Bill No.", "Invoice Ref."], "fr": ["Facture numéro", "N° facture"],
               "it": ["Nr. fattura", "Num. documento"]},
    "date": {"de": ["Datum Rechnung", "Erstellt am"], "en": ["Tax point", "Date issued"],
             "fr": ["Date d'établissement", "Établie le"], "it": ["Emessa il", "Data di emissione"]},
    "due": {"de": ["Zahlungsfrist", "Zahlbar am"], "en": ["Payment due date", "Payable by"],
            "fr": ["Date limite de paiement", "Paiement avant le"], "it": ["Da pagare entro", "Termine di pagamento"]},
    "ref": {"de": ["Referenz Kunde", "Ihre Referenznummer"], "en": ["Buyer's reference", "Customer reference"],
            "fr": ["Référence client", "Réf. acheteur"],
            "it": ["Rif. cliente", "Riferimento acquirente"]},
    "customer": {"de": ["Kunden-Nummer", "Debitor"], "en": ["Customer number", "Client ID"], "fr": ["Compte client", "Client n°"],
                 "it": ["Cliente nr.", "Cod. cli."]},
    "order": {"de": ["Ihre Bestellung", "Auftrags-Nr."], "en": ["Your order", "Sales order"], "fr": ["Votre commande", "Commande n°"],
              "it": ["Vs. ordine", "Ordine cliente"]},
    "billto": {"de": ["Empfänger", "Rechnungsanschrift"], "en": ["Invoice address", "Billing address"],
               "fr": ["Adressé à", "Facturer à"], "it": ["Cessionario/committente", "Spettabile"]},
    "seller": {"de": ["Auftragnehmer", "Leistungserbringer"], "en": ["Remit to", "Billed by"], "fr": ["Vendu par", "Société"],
               "it": ["Cedente/prestatore", "Mittente"]},
    "shipto": {"de": ["Lieferung an", "Warenempfänger"], "en": ["Shipping address", "Delivered to"],
               "fr": ["Lieu de livraison", "Livraison à"], "it": ["Consegna presso", "Destinazione merce"]},
    "buyervat": {"de": ["USt-IdNr. des Kunden", "Kunden-USt-ID"], "en": ["Buyer VAT", "Customer VAT No."],
                 "fr": ["N° TVA client", "TVA acheteur"], "it": ["P.IVA cliente", "Partita IVA cliente"]},
    "vat": {"de": ["USt.-Id.", "MwSt-Nr."], "en": ["VAT number", "VAT Reg No"], "fr": ["Identifiant TVA", "TVA n°"],
            "it": ["C.F./P.IVA", "P. IVA n."]},
    "subtotal": {"de": ["Gesamt netto", "Nettosumme"], "en": ["Sum net", "Amount excl. VAT"], "fr": ["Base HT", "Total net HT"],
                 "it": ["Imponibile totale", "Totale imponibile netto"]},
    "tax": {"de": ["Mehrwertsteuer", "MwSt"], "en": ["Value added tax", "Tax amount"], "fr": ["T.V.A.", "TVA due"],
            "it": ["Imposta IVA", "IVA dovuta"]},
    "total": {"de": ["Gesamtsumme", "Rechnungssumme"], "en": ["Total payable", "Invoice amount"], "fr": ["Montant total TTC", "Total général"],
              "it": ["Totale dovuto", "Importo totale"]},
    "payable": {"de": ["Restbetrag", "Bitte überweisen"], "en": ["Please pay", "Balance"], "fr": ["Solde à payer", "À payer"],
                "it": ["Saldo", "Importo da pagare"]},
    "desc": {"de": ["Artikel", "Position"], "en": ["Item description", "Product"], "fr": ["Article", "Prestation"],
             "it": ["Descrizione articolo", "Bene/servizio"]},
    "qty": {"de": ["Stückzahl", "Mge."], "en": ["Qty.", "Count"], "fr": ["Qté.", "Nombre"], "it": ["Q.ta", "Quant."]},
    "price": {"de": ["Stückpreis", "Preis"], "en": ["Price each", "Unit cost"], "fr": ["PU HT", "Prix"], "it": ["Prezzo cad.", "P. unit."]},
    "amount": {"de": ["Gesamtpreis", "Summe"], "en": ["Line total", "Ext. price"], "fr": ["Total ligne", "Montant net"],
               "it": ["Importo riga", "Valore"]},
}


def label_source(split):
    """The wordings a document of the split draws from: (LABELS, overrides drawn first)."""
    if split == "heldout":
        return LABELS_HELDOUT
    if split == "train":
        return LABELS_TRAIN_EXTRA
    return {}


MONTHS = {
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
}


def date_fmt(r, lang, us):
    """A date formatter for this document (one style per document)."""
    styles = {"de": ["%d.%m.%Y", "long_de"], "en": ["%Y-%m-%d", "%d/%m/%Y", "long_en", "short_en"],
              "fr": ["%d/%m/%Y", "long_fr"], "it": ["%d/%m/%Y", "%d.%m.%Y", "long_it"]}[lang]
    if us:
        styles = ["us_long", "us_short"]
    st = r.choice(styles)

    def f(d):
        if st.startswith("%"):
            return d.strftime(st)
        m = MONTHS["en" if st.startswith("us") or st.endswith("en") else lang][d.month - 1]
        if st == "long_de":
            return "%d. %s %d" % (d.day, m, d.year)
        if st == "long_en":
            return "%d %s %d" % (d.day, m, d.year)
        if st == "short_en":
            return "%d %s %d" % (d.day, m[:3], d.year)
        if st == "long_fr":
            return "%s %s %d" % ("1er" if d.day == 1 else str(d.day), m, d.year)
        if st == "long_it":
            return "%d %s %d" % (d.day, m, d.year)
        if st == "us_long":
            return "%s %d, %d" % (m, d.day, d.year)
        return "%s %d, %d" % (m[:3], d.day, d.year)
    return f


def num_fmt(r, lang):
    """An amount formatter (cents -> text) in the document's convention."""
    if lang == "en":
        g, dsep = ",", "."
    elif lang == "fr":
        g, dsep = r.choice([" ", "\u00a0", "\u202f"]), ","
    else:
        g, dsep = r.choice([".", ".", ""]), ","

    def f(cents, decimals=2):
        neg = cents < 0
        cents = abs(cents)
        ip, fp = divmod(cents, 100)
        s = "{:,}".format(ip).replace(",", g)
        out = s + (dsep + "%02d" % fp if decimals else "")
        return ("-" if neg else "") + out
    f.dsep, f.group = dsep, g
    return f
