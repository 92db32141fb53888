"""Content for the `--split erp` invoices (gen_erp.py): the companies and people of ERP and
invoicing-software prints, their numbering schemes, article catalogues, unit words and the
label wordings (several per field and language, many never drawn by gen_data's tables).

Everything here is drawn from the random generator the erp split passes in; gen_data's
tables and functions are reused read-only (valid VAT ids and IBANs), so older corpora are
unaffected."""
import datetime
import gen_data as D

# ------------------------------------------------------------------------------------------------ people, places

FIRST = {
    "de": ["Thomas", "Sabine", "Michael", "Andrea", "Stefan", "Claudia", "Jürgen", "Katrin", "Markus", "Petra",
           "Florian", "Julia", "Matthias", "Anja", "Tobias", "Monika"],
    "en": ["James", "Sarah", "David", "Emma", "Oliver", "Charlotte", "Daniel", "Laura", "Michael", "Rachel",
           "Thomas", "Hannah", "Robert", "Jessica"],
    "fr": ["Pierre", "Sophie", "Nicolas", "Camille", "Julien", "Claire", "Antoine", "Isabelle", "Mathieu",
           "Nathalie", "François", "Élodie"],
    "it": ["Marco", "Giulia", "Luca", "Francesca", "Alessandro", "Chiara", "Andrea", "Elena", "Paolo",
           "Silvia", "Giorgio", "Valentina"],
}
SURNAMES = {
    "de": ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz",
           "Hoffmann", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Zimmermann",
           "Braun", "Krüger", "Hartmann", "Lange", "Werner", "Krause", "Lehmann", "Köhler", "Huber", "Maier"],
    "en": ["Smith", "Jones", "Williams", "Taylor", "Brown", "Davies", "Evans", "Wilson", "Thomas", "Johnson",
           "Roberts", "Robinson", "Thompson", "Wright", "Walker", "White", "Hughes", "Green", "Hall", "Lewis"],
    "fr": ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
           "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier"],
    "it": ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco",
           "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti"],
    "nl": ["de Jong", "Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Janssen", "Visser", "Smit",
           "Meijer", "de Boer", "Mulder", "de Groot", "Bos", "Vos", "Peters"],
    "es": ["García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez",
           "Martín", "Jiménez", "Ruiz", "Hernández", "Díaz", "Moreno", "Álvarez"],
    "sv": ["Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Persson", "Lindqvist"],
}
BRANDS = {   # invented trading names
    "de": ["Nordlicht", "Alpenblick", "Weserland", "Sternwarte", "Rheintal", "Eichenhof", "Brückner", "Falkenstein",
           "Lindenhof", "Seeblick", "Hansa", "Bergmann", "Isartal", "Spreewerk", "Taunus", "Schwarzwald"],
    "en": ["Northwind", "Bluebell", "Harbourside", "Ironbridge", "Greenfield", "Redwood", "Silverline", "Kingsway",
           "Oakridge", "Brightwater", "Summit", "Lighthouse", "Riverside", "Highland", "Blackstone", "Pinecrest"],
    "fr": ["Bellevue", "Clairefontaine", "Beausoleil", "Mont-Blanc", "Val de Loire", "Horizon", "Azur", "Boréal",
           "Les Tilleuls", "Saint-Clair", "Arc-en-Ciel", "Vauban", "Lumière", "Atlantique"],
    "it": ["Aurora", "Stella Alpina", "Dolomiti", "Mediterranea", "San Marco", "Vesuvio", "Laguna", "Belvedere",
           "Adriatica", "Colosseo", "Tirreno", "Monviso", "Etna", "Arno"],
    "nl": ["Zuiderzee", "Oranje", "Tulpen", "Dijkstra", "Polderland", "Windmolen", "Noordzee", "Delta"],
    "es": ["Iberia", "Sol y Mar", "Levante", "Cantábrico", "Alhambra", "Montserrat", "Sierra Nevada", "Guadalquivir"],
    "sv": ["Nordstjärna", "Fjällbacka", "Skogsglänta", "Östersjö", "Vättern", "Björkhaga"],
}
TRADES = {
    "de": ["Maschinenbau", "Haustechnik", "Büroservice", "Metallverarbeitung", "Elektrotechnik", "Softwareentwicklung",
           "Logistik", "Gebäudereinigung", "Druckerei", "Werkzeughandel", "IT-Systemhaus", "Medientechnik",
           "Sanitär und Heizung", "Verpackungen", "Schreinerei", "Großhandel"],
    "en": ["Engineering", "Office Supplies", "Facilities Management", "Digital", "Software", "Industrial Supplies",
           "Consulting", "Logistics", "Print & Media", "Electrical", "Building Services", "Solutions", "Analytics"],
    "fr": ["Ingénierie", "Bureautique", "Services Informatiques", "Bâtiment", "Électricité", "Conseil",
           "Transports", "Imprimerie", "Menuiserie", "Distribution", "Nettoyage Industriel", "Solutions Numériques"],
    "it": ["Impianti Elettrici", "Forniture Industriali", "Servizi Informatici", "Costruzioni", "Tipografia",
           "Logistica", "Meccanica", "Arredamenti", "Consulenza Aziendale", "Termoidraulica", "Sistemi"],
    "nl": ["Techniek", "Installatie", "Logistiek", "Advies", "Software", "Handel"],
    "es": ["Ingeniería", "Suministros", "Consultoría", "Logística", "Sistemas", "Servicios Técnicos"],
    "sv": ["Teknik", "Bygg", "Konsult", "Logistik", "Data"],
}
FORMS = dict(D.FORMS)
FORMS["CH"] = ["AG", "GmbH", "SA", "Sàrl"]
FORMS["SE"] = ["AB", "Aktiebolag"]
CITIES = dict(D.CITIES)
CITIES["CH"] = [("Zürich", "8001"), ("Basel", "4051"), ("Bern", "3011"), ("Luzern", "6003"), ("Genève", "1204"),
                ("St. Gallen", "9000"), ("Winterthur", "8400")]
CITIES["SE"] = [("Stockholm", "111 52"), ("Göteborg", "411 06"), ("Malmö", "211 20"), ("Uppsala", "753 20"),
                ("Västerås", "722 11")]
STREETS = dict(D.STREETS)
STREETS["de"] = D.STREETS["de"] + ["Industriepark", "Gewerbering", "Carl-Benz-Straße", "Robert-Bosch-Str.",
                                   "Siemensstraße", "Am Hafen", "Kastanienallee", "Friedrichstraße", "Marktplatz",
                                   "Im Gewerbegebiet", "Rudolf-Diesel-Weg", "Oststraße", "Kirchgasse"]
STREETS["fr"] = D.STREETS["fr"] + ["avenue Jean Jaurès", "rue Pasteur", "ZI des Pins", "rue Nationale",
                                   "boulevard Gambetta", "impasse des Artisans", "rue de la Paix", "quai des Chartrons"]
STREETS["it"] = D.STREETS["it"] + ["Via Nazionale", "Via XX Settembre", "Corso Vittorio Emanuele II",
                                   "Via dell'Industria", "Strada Provinciale 11", "Via Torino", "Via Manzoni"]
STREETS["en"] = D.STREETS["en"] + ["London Road", "Park Avenue", "Queens Road", "The Crescent", "Bridge Street",
                                   "Castle Street", "Manor Way"]
STREETS["us"] = D.STREETS["us"] + ["Broadway", "Commerce Drive", "Lakeshore Blvd", "Industrial Pkwy",
                                   "Maple Avenue", "Center Street", "Harbor Way"]
STREETS["ch"] = ["Bahnhofstrasse", "Seestrasse", "Hauptgasse", "Industriestrasse", "Dorfstrasse", "Rue du Rhône"]
STREETS["sv"] = ["Drottninggatan", "Storgatan", "Kungsgatan", "Sveavägen", "Hamngatan", "Industrivägen"]
NAME_LANG = dict(D.NAME_LANG, CH="de", SE="sv")
STREET_LANG = dict(D.STREET_LANG, CH="ch", SE="sv")
COUNTRY_NAMES = dict(D.COUNTRY_NAMES)
COUNTRY_NAMES["CH"] = {"de": "Schweiz", "en": "Switzerland", "fr": "Suisse", "it": "Svizzera"}
COUNTRY_NAMES["SE"] = {"de": "Schweden", "en": "Sweden", "fr": "Suède", "it": "Svezia"}
COUNTRY_UPPER_P = 0.35        # how often a country name is printed in capitals ("DEUTSCHLAND")


def person(r, lang):
    lang = lang if lang in FIRST else "en"
    return r.choice(FIRST[lang]), r.choice(SURNAMES[lang])


def ch_uid(r):
    while True:
        d = [r.randint(0, 9) for _ in range(8)]
        s = sum(x * w for x, w in zip(d, [5, 4, 3, 2, 7, 6, 5, 4]))
        c = 11 - s % 11
        if c == 10:
            continue
        c = 0 if c == 11 else c
        return "".join(map(str, d)) + str(c)


def se_vat(r):
    d = [r.randint(0, 9) for _ in range(9)]
    d[0] = r.choice([5, 5, 5, 7, 8])
    s = 0
    for i, x in enumerate(d):
        v = x * (2 if i % 2 == 0 else 1)
        s += v // 10 + v % 10
    return "SE" + "".join(map(str, d)) + str((10 - s % 10) % 10) + "01"


def company(r, cc, lang):
    """A company of country cc: legal name, street (line1) and the printed extras."""
    base = D.company(r, cc) if cc in D.FORMS else None
    nl = NAME_LANG[cc]
    tl = {"de": "de", "fr": "fr", "it": "it", "nl": "nl", "es": "es", "sv": "sv"}.get(nl, "en")
    form = r.choice(FORMS[cc])
    s = r.random()
    sur = SURNAMES.get(nl, SURNAMES["en"])
    if s < 0.3:
        name = "%s %s %s" % (r.choice(BRANDS[tl]), r.choice(TRADES[tl]), form)
    elif s < 0.5:
        a, b = r.sample(sur, 2)
        name = "%s & %s %s" % (a, b, form)
    elif s < 0.7:
        name = "%s %s %s" % (r.choice(sur), r.choice(TRADES[tl]), form)
    elif s < 0.85:
        name = "%s %s" % (r.choice(BRANDS[tl]), form)
    else:
        name = "%s %s %s" % (r.choice(TRADES[tl]), r.choice(sur), form)
    if cc == "DE" and form == "e.K." and r.random() < 0.6:
        f, l = person(r, "de")
        name = "%s %s %s e.K." % (r.choice(["Bäckerei", "Malerbetrieb", "Elektro", "Autohaus", "Getränke"]), f, l)
    city = r.choice(CITIES[cc])
    sl = STREET_LANG[cc]
    street = r.choice(STREETS[sl])
    no = str(r.randint(1, 240))
    if sl in ("de", "ch", "sv"):
        no += r.choice(["", "", "", "", "a", "b", "-12", " c"]) if sl == "de" else ""
        line1 = "%s %s" % (street, no)
    elif sl == "fr":
        line1 = "%s%s %s" % (no, r.choice(["", "", "", " bis", " ter"]), street) if not street.startswith("ZI") else "%s, lot %s" % (street, no)
    elif sl == "it":
        line1 = "%s, %s" % (street, no) if r.random() < 0.6 else "%s %s" % (street, no)
    elif sl in ("nl", "es"):
        line1 = "%s %s" % (street, no)
    else:
        line1 = "%s %s" % (r.randint(1, 2999), street)
    c = {"name": name, "cc": cc, "line1": line1, "city": city[0], "postalCode": city[1],
         "prov": city[2] if len(city) > 2 else None}
    if cc == "CH":
        uid = ch_uid(r)
        c["vat_print"] = "CHE-%s.%s.%s%s" % (uid[:3], uid[3:6], uid[6:], r.choice([" MWST", " MWST", " TVA", ""]))
        c["vatId"] = c["vat_print"].replace(" ", "").replace(".", "")
        c["iban"] = None
    elif cc == "SE":
        c["vatId"] = se_vat(r)
        c["vat_print"] = c["vatId"]
        c["iban"] = None
    else:
        c["vatId"] = base["vatId"]
        c["vat_print"] = base["vatId"]
        c["iban"] = base["iban"]
    dom = "".join(ch for ch in name.split(" ")[0].lower() if ch.isalpha() and ch.isascii()) or "firma"
    tld = {"DE": "de", "AT": "at", "FR": "fr", "BE": "be", "IT": "it", "NL": "nl", "ES": "es", "GB": "co.uk",
           "US": "com", "CH": "ch", "SE": "se"}[cc]
    c["web"] = "www.%s.%s" % (dom, tld)
    c["email"] = "%s@%s.%s" % (r.choice({"de": ["info", "buchhaltung", "rechnung", "kontakt"],
                                          "fr": ["contact", "compta", "facturation"],
                                          "it": ["info", "amministrazione", "fatture"]}.get(lang, ["info", "accounts", "billing", "hello"])),
                                dom, tld)
    pref = {"DE": "+49", "AT": "+43", "FR": "+33", "BE": "+32", "IT": "+39", "NL": "+31", "ES": "+34", "GB": "+44",
            "US": "+1", "CH": "+41", "SE": "+46"}[cc]
    if cc == "US":
        c["phone"] = "(%d) %03d-%04d" % (r.randint(201, 989), r.randint(200, 999), r.randint(0, 9999))
    elif r.random() < 0.5:
        c["phone"] = "%s %d %d" % (pref, r.randint(20, 899), r.randint(100000, 9999999))
    else:
        c["phone"] = "0%d %d %d" % (r.randint(20, 899), r.randint(100, 999), r.randint(1000, 9999))
    c["fax"] = c["phone"][:-2] + "%02d" % r.randint(10, 99)
    return c


def extra_lines(r, co, lang, role):
    """Department, person, building lines around a buyer's street (never the street itself)."""
    before, after = [], []
    cc = co["cc"]
    if r.random() < 0.3:
        before.append(r.choice({"de": ["Abteilung Einkauf", "Buchhaltung", "Kreditorenbuchhaltung", "Rechnungseingang",
                                       "Abt. Finanzen"],
                                "en": ["Accounts Payable", "Purchasing Department", "Finance Dept.", "Procurement"],
                                "fr": ["Service comptabilité", "Service achats", "Direction financière"],
                                "it": ["Ufficio amministrazione", "Ufficio acquisti", "Amministrazione"]}[lang]))
    if r.random() < 0.45:
        f, l = person(r, {"DE": "de", "AT": "de", "CH": "de", "FR": "fr", "BE": "fr", "IT": "it"}.get(cc, "en"))
        before.append(r.choice({"de": ["z. Hd. Herrn %s %s", "z. Hd. Frau %s %s", "z.H. %s %s", "Herrn %s %s",
                                       "Frau %s %s", "%s %s"],
                                "en": ["Attn: %s %s", "Attention: %s %s", "FAO %s %s", "%s %s"],
                                "fr": ["À l'attention de M. %s %s", "Attn. Mme %s %s", "M. %s %s", "Mme %s %s"],
                                "it": ["Alla c.a. di %s %s", "c.a. Sig. %s %s", "Att.ne %s %s"]}[lang]) % (f, l))
    if r.random() < 0.08:
        before.append("c/o " + r.choice(["Regus Business Centre", "Spaces", "WeWork", "Business Center %s" % co["city"]]))
    if r.random() < 0.25:
        if cc == "US":
            after.append(r.choice(["Suite %d", "Ste. %d", "Floor %d", "Unit %d"]) % r.randint(2, 900))
        elif cc == "GB":
            after.append(r.choice(["Unit %d", "Suite %d", "Building %d", "Floor %d"]) % r.randint(1, 40))
        elif lang == "de":
            after.append(r.choice(["Gebäude %d", "Haus %d", "Halle %d", "%d. OG"]) % r.choice([1, 2, 3, 4, 5, 7]))
        elif lang == "fr":
            after.append(r.choice(["Bâtiment %s", "Bât. %s", "Escalier %s"]) % r.choice("ABCDE"))
        elif lang == "it":
            after.append(r.choice(["Scala %s" % r.choice("ABC"), "Palazzina %s" % r.choice("ABCD"), "Interno %d" % r.randint(1, 30)]))
        else:
            after.append("Building %s" % r.choice("ABCD"))
    return before, after


# ------------------------------------------------------------------------------------------------ items

# (text, units, price range in cents, second-line details)
ITEMS = {
    "de": [("Schrauben M8 x 40, verzinkt", ["H87", "SET"], (5, 900)), ("Sechskantmutter M8 DIN 934", ["H87"], (3, 300)),
           ("Kugellager 6204-2RS", ["H87"], (250, 2400)), ("Druckerpatrone schwarz XL", ["H87"], (1500, 9000)),
           ("Kopierpapier A4 80 g/m², 500 Blatt", ["H87", "C62"], (300, 900)), ("Montagearbeiten", ["HUR"], (4500, 12000)),
           ("Anfahrtspauschale", ["LS"], (2500, 12000)), ("Wartung Klimaanlage gemäß Vertrag", ["LS", "HUR"], (8000, 90000)),
           ("Webhosting Paket Business", ["MON"], (500, 9000)), ("Softwarepflege Jahresvertrag", ["ANN", "LS"], (20000, 400000)),
           ("Beratung Datenschutz (DSGVO)", ["HUR", "DAY"], (8000, 150000)), ("Kupferkabel NYM-J 3x1,5 mm²", ["MTR"], (60, 400)),
           ("Heizöl schwefelarm", ["LTR"], (80, 140)), ("Streusalz, 25-kg-Sack", ["H87"], (600, 2000)),
           ("Transport und Verpackung", ["LS"], (1500, 25000)), ("Entsorgung Altgeräte", ["KGM"], (20, 300)),
           ("Gebäudereinigung Unterhaltsreinigung", ["MTK", "MON"], (80, 350000)), ("Arbeitsschutzhandschuhe Gr. 9", ["PR"], (150, 1200)),
           ("Schulung Mitarbeiter (halbtägig)", ["DAY", "LS"], (40000, 180000)), ("Strom Arbeitspreis", ["KWH"], (20, 45)),
           ("Fertigbeton C25/30", ["MTQ"], (9000, 16000)), ("Kies 0/16", ["TNE"], (1500, 4500)),
           ("Entwicklung Schnittstelle ERP-Anbindung, Konzeption, Umsetzung und Test", ["HUR", "DAY"], (7000, 120000)),
           ("Bürostuhl ergonomisch, Modell Comfort Pro", ["H87"], (15000, 60000)), ("Miete Baustellen-WC", ["WEE", "MON"], (3000, 20000))],
    "en": [("Hex bolts M8 x 40, zinc plated", ["H87", "SET"], (5, 900)), ("Ball bearing 6204-2RS", ["H87"], (250, 2400)),
           ("Toner cartridge black, high yield", ["H87"], (1500, 12000)), ("Copier paper A4 80gsm, ream", ["H87", "C62"], (300, 900)),
           ("Installation labour", ["HUR"], (4500, 12000)), ("Call-out charge", ["LS"], (2500, 12000)),
           ("Annual support subscription", ["ANN", "C62"], (20000, 500000)), ("Cloud hosting - Business plan", ["MON"], (900, 25000)),
           ("Consulting - data migration", ["HUR", "DAY"], (8000, 160000)), ("Cat6 network cable", ["MTR"], (40, 300)),
           ("Diesel fuel", ["LTR"], (110, 190)), ("Delivery and packaging", ["LS"], (1500, 25000)),
           ("Office cleaning, monthly contract", ["MON", "MTK"], (80, 350000)), ("Safety gloves, size L", ["PR"], (150, 1200)),
           ("Training workshop (half day)", ["DAY", "LS"], (40000, 180000)), ("Electricity - unit rate", ["KWH"], (20, 45)),
           ("Ready-mix concrete C25/30", ["MTQ"], (9000, 16000)), ("Gravel 20mm", ["TNE"], (1500, 4500)),
           ("Design and implementation of customer portal, sprint 3 including QA and deployment", ["HUR", "DAY"], (7000, 120000)),
           ("Ergonomic office chair, Comfort Pro", ["H87"], (15000, 60000)), ("Portable toilet hire", ["WEE", "MON"], (3000, 20000)),
           ("Website maintenance retainer", ["MON", "LS"], (20000, 150000)), ("Premium support add-on", ["C62"], (2000, 30000))],
    "fr": [("Vis à tête hexagonale M8 x 40, zinguées", ["H87", "SET"], (5, 900)), ("Roulement à billes 6204-2RS", ["H87"], (250, 2400)),
           ("Cartouche d'encre noire XL", ["H87"], (1500, 9000)), ("Ramette papier A4 80 g", ["H87", "C62"], (300, 900)),
           ("Main d'œuvre installation", ["HUR"], (4500, 12000)), ("Forfait déplacement", ["LS"], (2500, 12000)),
           ("Abonnement maintenance annuel", ["ANN", "LS"], (20000, 400000)), ("Hébergement web offre Pro", ["MON"], (500, 9000)),
           ("Conseil en organisation", ["HUR", "DAY"], (8000, 150000)), ("Câble électrique U1000 R2V 3G2,5", ["MTR"], (60, 400)),
           ("Fioul domestique", ["LTR"], (80, 140)), ("Frais de port et d'emballage", ["LS"], (1500, 25000)),
           ("Entretien des locaux", ["MTK", "MON"], (80, 350000)), ("Gants de protection T9", ["PR"], (150, 1200)),
           ("Formation du personnel (demi-journée)", ["DAY", "LS"], (40000, 180000)), ("Électricité consommation", ["KWH"], (15, 40)),
           ("Béton prêt à l'emploi C25/30", ["MTQ"], (9000, 16000)), ("Gravier 4/20", ["TNE"], (1500, 4500)),
           ("Développement d'une interface de synchronisation avec l'ERP, recette comprise", ["HUR", "DAY"], (7000, 120000)),
           ("Fauteuil de bureau ergonomique", ["H87"], (15000, 60000)), ("Location sanitaire de chantier", ["WEE", "MON"], (3000, 20000))],
    "it": [("Viti testa esagonale M8 x 40 zincate", ["H87", "SET"], (5, 900)), ("Cuscinetto a sfere 6204-2RS", ["H87"], (250, 2400)),
           ("Cartuccia toner nero", ["H87"], (1500, 9000)), ("Risma carta A4 80 g", ["H87", "C62"], (300, 900)),
           ("Manodopera installazione", ["HUR"], (3500, 9000)), ("Diritto di chiamata", ["LS"], (2500, 9000)),
           ("Canone assistenza annuale", ["ANN", "LS"], (20000, 400000)), ("Servizio hosting piano Business", ["MON"], (500, 9000)),
           ("Consulenza organizzativa", ["HUR", "DAY"], (6000, 120000)), ("Cavo FG16OR16 3G2,5", ["MTR"], (60, 400)),
           ("Gasolio per riscaldamento", ["LTR"], (90, 150)), ("Spese di trasporto e imballo", ["LS"], (1500, 25000)),
           ("Pulizia uffici canone mensile", ["MTK", "MON"], (80, 350000)), ("Guanti da lavoro tg. 9", ["PR"], (150, 1200)),
           ("Corso di formazione (mezza giornata)", ["DAY", "LS"], (40000, 180000)), ("Energia elettrica", ["KWH"], (15, 40)),
           ("Calcestruzzo preconfezionato C25/30", ["MTQ"], (9000, 16000)), ("Ghiaia 10/20", ["TNE"], (1500, 4500)),
           ("Sviluppo integrazione gestionale e piattaforma e-commerce, analisi e collaudo", ["HUR", "DAY"], (7000, 120000)),
           ("Sedia ergonomica da ufficio", ["H87"], (15000, 60000)), ("Noleggio bagno chimico", ["WEE", "MON"], (3000, 20000))],
}
DETAILS = {
    "de": ["Lieferschein-Nr. %(dn)s vom %(d)s", "Zeitraum: %(p)s", "Seriennummer: SN-%(sn)s", "gemäß Angebot %(q)s",
           "Leistung vom %(d)s", "Farbe: anthrazit", "inkl. Anfahrt und Material", "Charge %(sn)s", "Projekt: %(proj)s"],
    "en": ["Delivery note %(dn)s dated %(d)s", "Period: %(p)s", "Serial no. SN-%(sn)s", "as per quote %(q)s",
           "Service date %(d)s", "Colour: graphite", "including travel and materials", "Batch %(sn)s", "Project: %(proj)s"],
    "fr": ["BL n° %(dn)s du %(d)s", "Période : %(p)s", "N° de série SN-%(sn)s", "selon devis %(q)s",
           "Intervention du %(d)s", "Coloris : anthracite", "déplacement et fournitures inclus", "Lot %(sn)s"],
    "it": ["DDT n. %(dn)s del %(d)s", "Periodo: %(p)s", "Matricola SN-%(sn)s", "come da preventivo %(q)s",
           "Intervento del %(d)s", "Colore: antracite", "comprensivo di trasferta e materiali", "Lotto %(sn)s"],
}
EXTRA_UNITS = {   # Rec 20 codes beyond gen_data.UNIT_WORDS (words as producers print them)
    "ANN": {"de": ["Jahr", "Jahre"], "en": ["year", "years"], "fr": ["année", "an"], "it": ["anno", "anni"]},
    "PR": {"de": ["Paar"], "en": ["pair", "pairs"], "fr": ["paire(s)", "paire"], "it": ["paia", "paio"]},
    "WEE": {"de": ["Woche(n)", "Wochen"], "en": ["week", "weeks"], "fr": ["semaine(s)"], "it": ["settimana", "settimane"]},
    "KWH": {"de": ["kWh"], "en": ["kWh"], "fr": ["kWh"], "it": ["kWh"]},
    "MTQ": {"de": ["m³", "cbm"], "en": ["m³", "cu m"], "fr": ["m³", "m3"], "it": ["m³", "mc"]},
    "TNE": {"de": ["t", "to"], "en": ["t", "tonnes"], "fr": ["t", "tonne(s)"], "it": ["t", "ton."]},
}
MORE_WORDS = {   # other printed words of the README's units (ERP unit-of-measure names)
    "H87": {"de": ["St.", "Stk", "ST"], "en": ["ea", "piece(s)", "PCE"], "fr": ["pièce", "pc"], "it": ["pezzi", "nr"]},
    "C62": {"de": ["Einheit(en)", "EH"], "en": ["Unit(s)", "Units", "EA"], "fr": ["U", "unité(s)"], "it": ["NR", "n"]},
    "HUR": {"de": ["Std", "Stunde(n)", "h"], "en": ["hr", "Hours", "hour(s)"], "fr": ["heures", "H"], "it": ["ora", "h."]},
    "DAY": {"de": ["Tag", "PT"], "en": ["Day(s)", "day"], "fr": ["jours", "jour"], "it": ["giorno", "gg."]},
    "LS": {"de": ["Pauschale", "pausch."], "en": ["lot", "LS"], "fr": ["forf.", "ens."], "it": ["corpo", "forf."]},
    "MON": {"de": ["Monat", "Mo."], "en": ["month", "mth"], "fr": ["mois"], "it": ["mese"]},
    "MTR": {"de": ["Meter", "lfm"], "en": ["metre", "metres"], "fr": ["mètre(s)", "ml"], "it": ["metri", "ml"]},
}


def unit_word(r, code, lang, extra_p):
    if code in EXTRA_UNITS:
        return r.choice(EXTRA_UNITS[code][lang])
    words = D.UNIT_WORDS[code][lang]
    if code in MORE_WORDS and r.random() < extra_p:
        words = MORE_WORDS[code][lang]
    return r.choice(words)


# ------------------------------------------------------------------------------------------------ numbering

def number(r, fam, issue, credit):
    y, yy, m = issue.year, issue.year % 100, issue.month
    n = r.randint(1, 4999)
    if fam == "odoo":
        p = ("RINV" if credit else "INV") if r.random() < 0.6 else r.choice(["FAC", "RE", "FACT", "F"]) + ("R" if credit else "")
        return "%s/%d/%05d" % (p, y, n) if r.random() < 0.6 else "%s/%d/%02d/%04d" % (p, y, m, n)
    if fam == "dolibarr":
        return "%s%02d%02d-%04d" % ("AV" if credit else r.choice(["FA", "FA", "IN"]), yy, m, n)
    if fam == "erpnext":
        return (r.choice(["ACC-SINV-%d-%05d", "SINV-%d-%05d", "SI-%d-%05d"]) if not credit else "ACC-SINV-RET-%d-%05d") % (y, n)
    if fam == "invoiceninja":
        return r.choice(["%04d" % n, "%05d" % n, "INV-%04d" % n, "%d-%04d" % (y, n)]) if not credit else "CR-%04d" % n
    if fam == "crater":
        return ("INV-%06d" if not credit else "CN-%06d") % n
    if fam == "invoiceplane":
        return r.choice(["%d" % n, "INV-%d" % n, "%d-%03d" % (y, n)]) if not credit else "CN-%d" % n
    if fam == "akaunting":
        return ("INV-%05d" if not credit else "CN-%05d") % n
    if fam == "kimai":
        return r.choice(["%d-%03d" % (y, n % 1000), "%d%02d-%03d" % (y, m, n % 1000), "R%d%02d%02d-%d" % (yy, m, issue.day, n % 100)])
    if fam == "sap":
        return str(r.choice([90000000, 91000000, 95000000] if not credit else [93000000, 96000000]) + r.randint(1, 999999))
    if fam == "lexware":
        if credit:
            return r.choice(["GS-%d" % (100 + n), "GS%d-%04d" % (y, n)])
        return r.choice(["RE-%d" % (1000 + n), "RE%d-%04d" % (y, n), "%d-%d" % (y, n), "R-%d%04d" % (yy, n)])
    if fam == "facture_fr":
        return ("AV" if credit else r.choice(["F", "FA", "FAC-"])) + r.choice(["%d-%04d" % (y, n), "%d%02d%03d" % (y, m, n % 1000), "%06d" % n])
    if fam == "fattura_it":
        k = n % 900 + 1
        return r.choice(["%d/%d" % (k, y), "%d/%s" % (k, r.choice(["A", "FE", "PA"])), "FPR %d/%02d" % (k, yy), "%d" % k])
    if fam == "stripe":
        pre = "".join(r.choice("ABCDEF0123456789") for _ in range(8))
        return "%s-%04d" % (pre, n % 2000 + 1)
    if fam == "xero":
        return ("INV-%04d" if not credit else "CN-%04d") % n
    if fam == "zoho":
        return ("INV-%06d" if not credit else "CN-%05d") % n
    if fam == "report":
        return r.choice(["R-%d/%06d" % (y, n), "%d%07d" % (yy, r.randint(1, 9999999)), "RG %d %05d" % (y, n), "AR-%d-%05d" % (y, n)])
    if fam == "latex":
        return r.choice(["%d-%03d" % (y, n % 1000), "%d/%02d/%02d" % (y, m, n % 100), "%d%02d%02d" % (y, m, n % 100)])
    if fam == "word":
        return r.choice(["%d" % (100 + n), "%04d" % n, "%d-%d" % (y, n), "%s%03d" % (r.choice("ABCDE"), n % 1000)])
    return "INV-%d" % n


def order_no(r, fam):
    return {"odoo": "S%05d" % r.randint(1, 99999), "erpnext": "SAL-ORD-2026-%05d" % r.randint(1, 99999),
            "dolibarr": "CO%04d-%04d" % (r.randint(2601, 2612), r.randint(1, 999)),
            "sap": str(r.choice([10, 11, 12]) * 1000000 + r.randint(1, 999999))}.get(
        fam, r.choice(["PO-%d" % r.randint(1000, 99999), "B%06d" % r.randint(1, 999999), "ORD-%05d" % r.randint(1, 99999),
                       "%d" % r.randint(4500000000, 4509999999)]))


def customer_no(r, fam):
    return {"dolibarr": "CU%04d-%05d" % (r.randint(2001, 2612), r.randint(1, 999)), "sap": str(r.randint(100000, 999999)),
            "erpnext": "CUST-%05d" % r.randint(1, 99999)}.get(
        fam, r.choice(["%d" % r.randint(10000, 99999), "K-%05d" % r.randint(1, 99999), "C%04d" % r.randint(1, 9999),
                       "D%d" % r.randint(10000, 69999)]))


def buyer_ref(r, lang):
    return r.choice(["04011000-12345-%02d" % r.randint(10, 99), "991-%05d-%02d" % (r.randint(1, 99999), r.randint(1, 99)),
                     "KST-%d" % r.randint(1000, 9999), "%s/%d" % (r.choice(["EK", "MB", "TL", "HR"]), r.randint(100, 9999)),
                     "PO-%d" % r.randint(10000, 99999), "%s %s" % (r.choice(["Projekt", "Project", "Projet", "Progetto"]), r.randint(100, 999)),
                     "CC%d" % r.randint(1000, 9999), "REF-%05d" % r.randint(1, 99999)])


# ------------------------------------------------------------------------------------------------ words

MONTHS = D.MONTHS
MONTHS_ABBR = {"de": ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez."],
               "en": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
               "fr": ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
               "it": ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"]}


def date_formatter(style, lang):
    def f(d):
        if style.startswith("%"):
            return d.strftime(style)
        if style == "long":
            m = MONTHS[lang][d.month - 1]
            return {"de": "%d. %s %d", "en": "%d %s %d", "fr": "%d %s %d", "it": "%d %s %d"}[lang] % (d.day, m, d.year) \
                if not (lang == "fr" and d.day == 1) else "1er %s %d" % (m, d.year)
        if style == "abbr":
            m = MONTHS_ABBR[lang][d.month - 1]
            return ("%d %s %d" if lang != "de" else "%d. %s %d") % (d.day, m, d.year)
        if style == "us_long":
            return "%s %d, %d" % (MONTHS["en"][d.month - 1], d.day, d.year)
        if style == "us_abbr":
            return "%s %d, %d" % (MONTHS["en"][d.month - 1][:3], d.day, d.year)
        if style == "dmy2":
            return d.strftime("%d.%m.%y")
        if style == "dmy_dash":
            return d.strftime("%d-%m-%Y")
        if style == "dmon_y":
            return "%02d-%s-%d" % (d.day, MONTHS["en"][d.month - 1][:3], d.year)
        return d.isoformat()
    return f


def date_styles(lang, us):
    if us:
        return ["%m/%d/%Y", "us_long", "us_abbr", "%Y-%m-%d"]
    return {"de": ["%d.%m.%Y", "%d.%m.%Y", "long", "dmy2", "%Y-%m-%d", "abbr"],
            "en": ["%d/%m/%Y", "long", "abbr", "%Y-%m-%d", "dmy_dash", "dmon_y", "us_long"],
            "fr": ["%d/%m/%Y", "%d/%m/%Y", "long", "abbr", "%d.%m.%Y"],
            "it": ["%d/%m/%Y", "%d/%m/%Y", "%d-%m-%Y", "long", "%d.%m.%Y"]}[lang]


PERIOD_SEP = ["–", " - ", " bis ", "–"]


def period(df, d, lang):
    a = d.replace(day=1)
    b = (a + datetime.timedelta(days=32)).replace(day=1) - datetime.timedelta(days=1)
    sep = {"de": " – ", "en": " – ", "fr": " au ", "it": " – "}[lang]
    return df(a) + sep + df(b)


def amount_words(n, lang):
    """A rough amount in words (ERPNext's "In Words" line; never a truth field)."""
    units = {"en": ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"],
             }["en"]
    tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    def w(x):
        if x < 20:
            return units[x]
        if x < 100:
            return tens[x // 10] + ("-" + units[x % 10] if x % 10 else "")
        if x < 1000:
            return units[x // 100] + " hundred" + (" and " + w(x % 100) if x % 100 else "")
        if x < 1000000:
            return w(x // 1000) + " thousand" + (" " + w(x % 1000) if x % 1000 else "")
        return w(x // 1000000) + " million" + (" " + w(x % 1000000) if x % 1000000 else "")
    return w(int(n)).title()


# ------------------------------------------------------------------------------------------------ labels
# V[key][lang]: wordings of one field; a document draws one per key (gen_erp.Ctx.L) unless its
# family names its own wording (the product's fixed texts).
V = {
    "number": {"de": ["Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Rechnungsnr.", "Beleg-Nr.", "Belegnummer",
                      "Faktura-Nr.", "RE-Nr.", "Dokument-Nr.", "Rechnung-Nr"],
               "en": ["Invoice number", "Invoice No.", "Invoice #", "Invoice no", "Inv #", "Number", "Document number",
                      "Invoice ID", "Inv. No."],
               "fr": ["Facture n°", "N° facture", "Numéro de facture", "N° de pièce", "Référence facture", "Numéro",
                      "Facture N°"],
               "it": ["Fattura n.", "Numero fattura", "N. documento", "Numero documento", "Nr.", "Doc. n.", "Fattura nr."]},
    "date": {"de": ["Rechnungsdatum", "Datum", "Belegdatum", "Datum der Rechnung", "Fakturadatum", "Ausgestellt am"],
             "en": ["Invoice date", "Date", "Date of issue", "Issue date", "Issued", "Dated", "Billing date", "Invoice Date"],
             "fr": ["Date de facturation", "Date facture", "Date", "Date d'émission", "Date de la facture", "Émise le"],
             "it": ["Data fattura", "Data", "Data documento", "Data emissione", "Data doc."]},
    "due": {"de": ["Fällig am", "Fälligkeitsdatum", "Zahlbar bis", "Fällig bis", "Zahlungsziel", "Fälligkeit",
                   "Zahlungstermin"],
            "en": ["Due date", "Date due", "Payment due", "Due", "Due by", "Payment due date", "Pay by", "Due Date"],
            "fr": ["Échéance", "Date d'échéance", "Date limite de règlement", "À régler avant le", "Date de paiement",
                   "Date limite de paiement"],
            "it": ["Scadenza", "Data scadenza", "Scadenza pagamento", "Da pagare entro il", "Data di scadenza"]},
    "ref": {"de": ["Ihr Zeichen", "Ihre Referenz", "Ihre Ref.", "Käuferreferenz", "Leitweg-ID", "Referenz Kunde",
                   "Ihr Auftragszeichen"],
            "en": ["Your reference", "Your ref.", "Customer reference", "Buyer reference", "Reference", "Client ref.",
                   "Cust. ref."],
            "fr": ["Votre référence", "Vos références", "Réf. client", "Référence client", "Votre réf.", "Référence acheteur"],
            "it": ["Vs. riferimento", "Vostro riferimento", "Riferimento cliente", "Vs. rif.", "Rif. cliente"]},
    "customer": {"de": ["Kundennummer", "Kunden-Nr.", "Kd.-Nr.", "Kundennr.", "Debitor-Nr.", "Kunden-Nummer"],
                 "en": ["Customer No.", "Customer ID", "Account No.", "Client ID", "Customer code", "Account number"],
                 "fr": ["Code client", "N° client", "Client n°", "Compte client"],
                 "it": ["Codice cliente", "Cod. cliente", "Cliente n.", "Cod. cli."]},
    "order": {"de": ["Bestellnummer", "Ihre Bestellung", "Auftragsnummer", "Auftrags-Nr.", "Bestell-Nr.", "Ihre Bestell-Nr."],
              "en": ["Order No.", "Your order", "PO Number", "Purchase order", "Sales order", "P.O. #"],
              "fr": ["N° de commande", "Votre commande", "Commande n°", "Bon de commande", "Réf. commande"],
              "it": ["Ordine n.", "Vs. ordine", "Rif. ordine", "N. ordine"]},
    "order_date": {"de": ["Bestelldatum", "Auftragsdatum", "Bestellung vom"], "en": ["Order date", "Ordered"],
                   "fr": ["Date de commande", "Commande du"], "it": ["Data ordine", "Ordine del"]},
    "delivery": {"de": ["Lieferdatum", "Leistungsdatum", "Liefertermin", "Versanddatum", "Leistungsdatum/Lieferdatum"],
                 "en": ["Delivery date", "Service date", "Ship date", "Shipped on", "Supply date"],
                 "fr": ["Date de livraison", "Livré le", "Date d'intervention", "Date de prestation"],
                 "it": ["Data consegna", "Data spedizione", "Data DDT", "Data prestazione"]},
    "period": {"de": ["Leistungszeitraum", "Abrechnungszeitraum", "Zeitraum"], "en": ["Service period", "Billing period", "Period"],
               "fr": ["Période de prestation", "Période"], "it": ["Periodo di riferimento", "Periodo"]},
    "dnote": {"de": ["Lieferschein-Nr.", "Lieferschein", "LS-Nr."], "en": ["Delivery note", "Packing slip", "DN No."],
              "fr": ["Bon de livraison", "BL n°"], "it": ["DDT n.", "Documento di trasporto"]},
    "contact": {"de": ["Ansprechpartner", "Ihr Ansprechpartner", "Bearbeiter", "Sachbearbeiter"],
                "en": ["Contact", "Your contact", "Salesperson", "Account manager"],
                "fr": ["Votre contact", "Interlocuteur", "Commercial"], "it": ["Referente", "Agente", "Commerciale"]},
    "billto": {"de": ["Rechnungsempfänger", "Rechnungsadresse", "Rechnung an", "Kunde", "Empfänger", "Auftraggeber"],
               "en": ["Bill to", "Billed to", "Invoice to", "Customer", "Client", "Sold to"],
               "fr": ["Facturé à", "Adressé à", "Client", "Destinataire", "Adresse de facturation", "Facturer à"],
               "it": ["Spett.le", "Cliente", "Destinatario", "Intestatario", "Spettabile"]},
    "shipto": {"de": ["Lieferanschrift", "Lieferadresse", "Warenempfänger", "Lieferung an"],
               "en": ["Ship to", "Delivery address", "Shipping address", "Deliver to"],
               "fr": ["Adresse de livraison", "Livré à", "Lieu de livraison"],
               "it": ["Destinazione merce", "Luogo di consegna", "Indirizzo di consegna"]},
    "seller": {"de": ["Rechnungssteller", "Lieferant", "Absender", "Auftragnehmer", "Verkäufer", "Von"],
               "en": ["From", "Seller", "Supplier", "Issued by", "Vendor", "Billed by"],
               "fr": ["Émetteur", "Fournisseur", "Vendeur", "Prestataire", "Expéditeur"],
               "it": ["Cedente/Prestatore", "Fornitore", "Mittente", "Emittente"]},
    "pos": {"de": ["Pos.", "Pos", "Nr.", "#", "Lfd. Nr."], "en": ["#", "No.", "Line", "Ln", "Sr"],
            "fr": ["N°", "Ligne", "#"], "it": ["N.", "Riga", "Pos."]},
    "art": {"de": ["Art.-Nr.", "Artikelnummer", "Artikel", "Art.Nr.", "Material", "Mat.-Nr."],
            "en": ["Item code", "SKU", "Product code", "Part No.", "Item #", "Code"],
            "fr": ["Réf.", "Référence", "Code article", "Code"], "it": ["Codice", "Cod. articolo", "Articolo", "Cod."]},
    "desc": {"de": ["Bezeichnung", "Beschreibung", "Artikelbezeichnung", "Leistung", "Text", "Artikel / Leistung", "Produkt"],
             "en": ["Description", "Item", "Product / Service", "Details", "Item description", "Service"],
             "fr": ["Désignation", "Description", "Libellé", "Produit / Service", "Article"],
             "it": ["Descrizione", "Descrizione articolo", "Articolo", "Prodotto/Servizio", "Descrizione beni/servizi"]},
    "qty": {"de": ["Menge", "Anzahl", "Anz.", "Mng.", "Mge."], "en": ["Qty", "Quantity", "Qty.", "QTY"],
            "fr": ["Qté", "Quantité", "Qté."], "it": ["Q.tà", "Quantità", "Qtà", "Q.ta"]},
    "unit": {"de": ["ME", "Einheit", "Einh.", "Mengeneinheit"], "en": ["Unit", "UoM", "UOM"],
             "fr": ["Unité", "U.", "Un."], "it": ["U.M.", "UM", "Unità di misura"]},
    "price": {"de": ["Einzelpreis", "Preis/Einh.", "E-Preis", "Preis", "Stückpreis", "Einzelpreis netto", "EP"],
              "en": ["Unit price", "Price", "Rate", "Unit cost", "Price each", "Unit Price"],
              "fr": ["Prix unitaire", "P.U. HT", "PU HT", "Prix unit. HT", "Prix HT"],
              "it": ["Prezzo unitario", "Prezzo", "Prezzo unit.", "P. unitario", "Prezzo cad."]},
    "disc": {"de": ["Rabatt", "Rab. %", "Rabatt %", "Nachlass"], "en": ["Disc.", "Discount", "Disc. %"],
             "fr": ["Remise", "Rem.", "Réd.", "Remise %"], "it": ["Sconto", "Sc.%", "Sconto %"]},
    "rate": {"de": ["USt.", "MwSt.", "USt %", "MwSt.-Satz", "Steuer", "St.-Satz"], "en": ["VAT", "Tax", "VAT %", "Tax rate"],
             "fr": ["TVA", "Taux TVA", "TVA %", "Tx TVA"], "it": ["IVA", "Aliq. IVA", "% IVA", "Aliquota"]},
    "amount": {"de": ["Betrag", "Gesamtpreis", "Gesamt", "Summe", "Netto", "Betrag netto", "Gesamt netto", "Wert"],
               "en": ["Amount", "Total", "Line total", "Net amount", "Net", "Amount excl. VAT"],
               "fr": ["Montant HT", "Total HT", "Montant", "Prix total HT", "Total"],
               "it": ["Importo", "Totale", "Prezzo totale", "Imponibile", "Valore"]},
    "subtotal": {"de": ["Nettobetrag", "Summe netto", "Zwischensumme", "Gesamtbetrag netto", "Warenwert", "Summe Positionen",
                        "Nettosumme", "Rechnungsbetrag netto"],
                 "en": ["Subtotal", "Sub Total", "Net total", "Total excl. VAT", "Net amount", "Total net", "Goods value"],
                 "fr": ["Total HT", "Montant HT", "Sous-total", "Total hors taxes", "Base HT", "Total net HT"],
                 "it": ["Imponibile", "Totale imponibile", "Totale netto", "Subtotale", "Totale merce"]},
    "allowance": {"de": ["Rabatt", "abzgl. Rabatt", "Nachlass", "Sonderrabatt"], "en": ["Discount", "Less discount", "Special discount"],
                  "fr": ["Remise", "Remise globale", "Remise exceptionnelle"], "it": ["Sconto", "Sconto incondizionato", "Abbuono"]},
    "charge": {"de": ["Versandkosten", "Fracht", "Verpackung", "Frachtkosten", "Mindermengenzuschlag"],
               "en": ["Shipping", "Freight", "Handling", "Delivery charge"],
               "fr": ["Frais de port", "Frais d'expédition", "Emballage"], "it": ["Spese di trasporto", "Spese di spedizione", "Imballo"]},
    "tax": {"de": ["MwSt.", "USt.", "Umsatzsteuer", "zzgl. MwSt.", "zzgl. USt.", "Mehrwertsteuer", "MWST"],
            "en": ["VAT", "Tax", "Sales tax", "Total VAT", "Value added tax"],
            "fr": ["TVA", "Total TVA", "Montant TVA", "T.V.A."], "it": ["IVA", "Imposta", "Totale IVA", "I.V.A."]},
    "total": {"de": ["Gesamtbetrag", "Rechnungsbetrag", "Bruttobetrag", "Gesamtsumme", "Summe brutto", "Endbetrag",
                     "Gesamtbetrag brutto"],
              "en": ["Total", "Invoice total", "Grand total", "Total incl. VAT", "Total amount", "Gross total"],
              "fr": ["Total TTC", "Montant TTC", "Montant total TTC", "Total"],
              "it": ["Totale documento", "Totale fattura", "Totale", "Importo totale", "Totale complessivo"]},
    "prepaid": {"de": ["Anzahlung", "abzgl. Anzahlung", "Bereits bezahlt", "Geleistete Anzahlung", "Abschlagszahlung"],
                "en": ["Already paid", "Paid", "Less amount paid", "Payments", "Paid to date", "Deposit received"],
                "fr": ["Acompte", "Acompte versé", "Déjà réglé", "Payé"], "it": ["Acconto", "Acconto versato", "Già pagato"]},
    "rounding": {"de": ["Rundung", "Rundungsdifferenz"], "en": ["Rounding", "Rounding adjustment"],
                 "fr": ["Arrondi", "Écart d'arrondi"], "it": ["Arrotondamento", "Arr."]},
    "payable": {"de": ["Zahlbetrag", "Zu zahlen", "Offener Betrag", "Restbetrag", "Zahlbarer Betrag", "Noch zu zahlen",
                       "Fälliger Betrag"],
                "en": ["Amount due", "Balance due", "Total due", "Balance", "Amount payable", "Please pay"],
                "fr": ["Net à payer", "Reste à payer", "Montant dû", "Solde dû", "Montant à régler"],
                "it": ["Netto a pagare", "Totale da pagare", "Saldo", "Importo dovuto", "Da pagare"]},
    "carry_out": {"de": ["Übertrag", "Zwischensumme (Übertrag)", "Übertrag auf nächste Seite"],
                  "en": ["Carried forward", "Subtotal carried forward", "Continued"],
                  "fr": ["À reporter", "Report à la page suivante", "Sous-total à reporter"],
                  "it": ["Da riportare", "A riportare", "Totale da riportare"]},
    "carry_in": {"de": ["Übertrag", "Übertrag von Seite %d", "Übertrag Vorseite"],
                 "en": ["Brought forward", "Carried forward from page %d", "Balance brought forward"],
                 "fr": ["Report", "Report de la page %d", "Report page précédente"],
                 "it": ["Riporto", "Riporto da pagina %d", "Riporto pagina precedente"]},
    "bank": {"de": ["Bankverbindung", "Bank", "Konto", "Bankverbindungen"], "en": ["Bank details", "Payment details", "Bank account",
                                                                                   "Remittance details"],
             "fr": ["Coordonnées bancaires", "Banque", "Règlement"], "it": ["Coordinate bancarie", "Banca d'appoggio", "Appoggio bancario"]},
    "vat_seller": {"de": ["USt-IdNr.", "USt-ID", "USt.-ID-Nr.", "Umsatzsteuer-ID", "UID", "USt-Id.Nr."],
                   "en": ["VAT No.", "VAT Reg. No.", "VAT ID", "VAT number", "VAT Registration No."],
                   "fr": ["N° TVA intracommunautaire", "TVA intracom.", "N° TVA", "Numéro de TVA", "Identifiant TVA"],
                   "it": ["P.IVA", "Partita IVA", "P. IVA", "P.I."]},
    "vat_buyer": {"de": ["Ihre USt-IdNr.", "USt-IdNr. des Kunden", "Kunden-USt-IdNr.", "USt-IdNr."],
                  "en": ["Customer VAT No.", "Your VAT No.", "VAT No.", "Tax ID", "Buyer VAT"],
                  "fr": ["N° TVA client", "Votre n° TVA", "TVA intracom.", "N° TVA"],
                  "it": ["P.IVA", "Partita IVA cliente", "P.IVA cliente"]},
    "page": {"de": ["Seite %d von %d", "Seite %d/%d", "Seite %d von %d", "- %d -"], "en": ["Page %d of %d", "Page %d / %d", "%d / %d", "Page %d of %d"],
             "fr": ["Page %d / %d", "Page %d sur %d", "%d/%d"], "it": ["Pagina %d di %d", "Pag. %d/%d", "Pagina %d di %d"]},
    "title": {"de": ["Rechnung", "RECHNUNG", "Rechnung"], "en": ["Invoice", "INVOICE", "Tax Invoice"],
              "fr": ["Facture", "FACTURE"], "it": ["Fattura", "FATTURA"]},
    "title_cn": {"de": ["Gutschrift", "GUTSCHRIFT", "Rechnungskorrektur", "Stornorechnung"], "en": ["Credit Note", "CREDIT NOTE", "Credit memo"],
                 "fr": ["Avoir", "AVOIR", "Facture d'avoir"], "it": ["Nota di credito", "NOTA DI CREDITO"]},
    "thanks": {"de": ["Vielen Dank für Ihren Auftrag!", "Wir bedanken uns für die gute Zusammenarbeit.", "Vielen Dank für Ihr Vertrauen.",
                      "Mit freundlichen Grüßen"],
               "en": ["Thank you for your business.", "Thanks for your order!", "We appreciate your business.", "Kind regards"],
               "fr": ["Merci de votre confiance.", "Nous vous remercions pour votre commande.", "Cordialement"],
               "it": ["Grazie per averci scelto.", "Distinti saluti", "Cordiali saluti"]},
    "reverse": {"de": ["Steuerschuldnerschaft des Leistungsempfängers gemäß § 13b UStG.", "Reverse Charge: Steuerschuldnerschaft des Leistungsempfängers.",
                       "Innergemeinschaftliche Lieferung, steuerfrei nach § 4 Nr. 1b UStG."],
                "en": ["Reverse charge: the customer is liable for VAT (Art. 196 Directive 2006/112/EC).",
                       "VAT reverse charged - Article 196 Council Directive 2006/112/EC.", "Intra-Community supply, exempt from VAT."],
                "fr": ["Autoliquidation - article 283-2 du CGI.", "Livraison intracommunautaire exonérée, article 262 ter I du CGI.",
                       "TVA due par le preneur, art. 196 de la directive 2006/112/CE."],
                "it": ["Operazione non imponibile art. 41 D.L. 331/93.", "Inversione contabile art. 7-ter DPR 633/72.",
                       "Reverse charge ai sensi dell'art. 196 Direttiva 2006/112/CE."]},
    "export": {"de": ["Steuerfreie Ausfuhrlieferung gemäß § 4 Nr. 1a UStG.", "Nicht im Inland steuerbare Leistung."],
               "en": ["Zero-rated export.", "Export of goods - VAT exempt.", "Outside the scope of VAT."],
               "fr": ["Exonération de TVA, article 262 I du CGI.", "Exportation hors UE - TVA non applicable."],
               "it": ["Non imponibile art. 8 c.1 lett. a) DPR 633/72.", "Operazione non soggetta - esportazione."]},
    "small": {"de": ["Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.", "Kein Ausweis der Umsatzsteuer aufgrund der Anwendung der Kleinunternehmerregelung gemäß § 19 UStG."],
              "fr": ["TVA non applicable, art. 293 B du CGI."]},
    "receipt": {"de": ["Zahlbar sofort ohne Abzug.", "Der Betrag ist sofort fällig.", "Zahlung sofort nach Erhalt der Rechnung."],
                "en": ["Payable upon receipt.", "Payment due on receipt.", "Due upon receipt"],
                "fr": ["Payable à réception.", "Paiement à réception de facture.", "Règlement comptant à réception."],
                "it": ["Pagamento a vista.", "Pagamento al ricevimento fattura.", "Rimessa diretta vista fattura."]},
}
# payment terms printed instead of a due date (days); %d = days
TERMS_DAYS = {"de": ["Zahlbar innerhalb von %d Tagen ohne Abzug.", "Zahlungsziel: %d Tage netto.", "Zahlung innerhalb von %d Tagen ab Rechnungseingang ohne Abzüge."],
              "en": ["Payment terms: Net %d.", "Payment within %d days of invoice date.", "Terms: %d days net."],
              "fr": ["Paiement à %d jours date de facture.", "Conditions de règlement : %d jours net.", "Règlement à %d jours."],
              "it": ["Pagamento a %d gg data fattura.", "Bonifico bancario a %d giorni d.f.", "Termini di pagamento: %d giorni."]}
# payment terms with the date; %s = due date
TERMS_DATE = {"de": ["Bitte überweisen Sie den Betrag bis zum %s.", "Zahlbar bis %s ohne Abzug.", "Der Rechnungsbetrag ist bis zum %s fällig.",
                     "Bitte begleichen Sie den Rechnungsbetrag bis spätestens %s."],
              "en": ["Please pay by %s.", "Payment is due by %s.", "Kindly settle this invoice by %s."],
              "fr": ["À régler avant le %s.", "Date d'échéance : %s.", "Merci de régler cette facture avant le %s."],
              "it": ["Pagamento entro il %s.", "Scadenza pagamento: %s.", "Si prega di effettuare il pagamento entro il %s."]}
SKONTO = {"de": "%s %% Skonto bei Zahlung bis %s", "en": "%s%% early payment discount if paid by %s",
          "fr": "Escompte de %s %% pour paiement avant le %s", "it": "Sconto %s%% per pagamento entro il %s"}
