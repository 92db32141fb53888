/* Finding and compiling the shipped XSDs (schemas/README.md), once per process.
 *
 * Every import in the shipped files names a sibling file by a relative path, so compiling
 * reads only files under the schema directory: never the network. A compiled xmlSchema is
 * read-only afterwards and shared by the validation contexts of all threads. */
#define _GNU_SOURCE
#include "xsd.h"
#include "registry.h"
#include <libxml/hash.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <dirent.h>
#include <dlfcn.h>
#include <libgen.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef EINV_DEFAULT_SCHEMA_DIR
#define EINV_DEFAULT_SCHEMA_DIR "/usr/local/share/einvoice/schemas"
#endif

static const struct {
    const char *main;      /* relative to the schema directory */
    const char *vocab[2];  /* directories whose XSDs declare the kind's elements */
} KIND[EINV_XSD_KINDS] = {
    [EINV_XSD_UBL_INVOICE] = {"ubl-2.1/maindoc/UBL-Invoice-2.1.xsd", {"ubl-2.1/common", "ubl-2.1/maindoc"}},
    [EINV_XSD_UBL_CREDITNOTE] = {"ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd", {"ubl-2.1/common", "ubl-2.1/maindoc"}},
    [EINV_XSD_CII] = {"cii-d16b/CrossIndustryInvoice_100pD16B.xsd", {"cii-d16b", NULL}},
};

static struct {
    pthread_once_t once;
    xmlSchemaPtr schema;
    xmlHashTablePtr declared;   /* (local, namespace) -> non-NULL */
    xmlHashTablePtr types;      /* (local, namespace) -> the type's local name */
    xmlHashTablePtr required;   /* (type, child) -> non-NULL */
    char why[2048];
} loaded[EINV_XSD_KINDS] = {{PTHREAD_ONCE_INIT, NULL, NULL, NULL, NULL, ""},
                            {PTHREAD_ONCE_INIT, NULL, NULL, NULL, NULL, ""},
                            {PTHREAD_ONCE_INIT, NULL, NULL, NULL, NULL, ""}};

static char schema_dir[1100];
static pthread_once_t dir_once = PTHREAD_ONCE_INIT;

static int has_schemas(const char *dir)
{
    char probe[1200];
    snprintf(probe, sizeof probe, "%.1100s/%s", dir, KIND[EINV_XSD_UBL_INVOICE].main);
    return access(probe, R_OK) == 0;
}

/* einv_xsd_set_dir's folder (the engine's options) */
static char set_dir[1100];

void einv_xsd_set_dir(const char *dir)
{
    snprintf(set_dir, sizeof set_dir, "%.1090s", dir ? dir : "");
}

/* The folder set (EINV_SCHEMA_DIR), else <libdir>/../share/einvoice/schemas (the build tree
 * and a relocated install), else the install's datadir relative to its libdir (Debian's
 * lib/<triplet> is two levels down: a package unpacked under any root), else the configured
 * install prefix. */
static void find_dir(void)
{
    Dl_info info;
    if (set_dir[0]) {
        snprintf(schema_dir, sizeof schema_dir, "%s", set_dir);
        return;
    }
    if (dladdr((void *)find_dir, &info) && info.dli_fname) {
        static const char *const rel[] = {"../share/einvoice/schemas",
#ifdef EINV_SCHEMA_REL_DIR
                                          EINV_SCHEMA_REL_DIR,
#endif
                                          NULL};
        char lib[1024], probe[1100];
        const char *libdir;
        size_t i;
        snprintf(lib, sizeof lib, "%s", info.dli_fname);
        libdir = dirname(lib);
        for (i = 0; rel[i]; i++) {
            snprintf(probe, sizeof probe, "%.1000s/%s", libdir, rel[i]);
            if (has_schemas(probe)) {
                snprintf(schema_dir, sizeof schema_dir, "%s", probe);
                return;
            }
        }
    }
    snprintf(schema_dir, sizeof schema_dir, "%s", EINV_DEFAULT_SCHEMA_DIR);
}

const char *einv_xsd_dir(void)
{
    pthread_once(&dir_once, find_dir);
    return schema_dir;
}

static void note_error(void *u, xmlErrorPtr e)
{
    char *why = u;
    if (!*why && e && e->message)
        snprintf(why, sizeof loaded[0].why, "%s", e->message);
}

static const xmlChar *local_part(const xmlChar *qname)
{
    const xmlChar *c = qname ? xmlStrchr(qname, ':') : NULL;
    return c ? c + 1 : qname;
}

/* What the messages need from one XSD document: every xsd:element/@name under its target
 * namespace (declared), the type of each declared element (types: name, namespace -> type's
 * local name), and the children a complex type requires (required: type, child -> 1; an
 * element with minOccurs other than 0 outside any xsd:choice). Local names only: enough to
 * word a message, never used for the verdict. */
static void collect_names(einv_xsd_kind k, xmlNodePtr n, const xmlChar *tns, const xmlChar *ctype, int in_choice)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        if (xmlStrEqual(n->name, BAD_CAST "element")) {
            xmlChar *name = xmlGetProp(n, BAD_CAST "name"), *ref = xmlGetProp(n, BAD_CAST "ref");
            xmlChar *type = xmlGetProp(n, BAD_CAST "type"), *min = xmlGetProp(n, BAD_CAST "minOccurs");
            if (name) {
                xmlHashAddEntry2(loaded[k].declared, name, tns ? tns : BAD_CAST "", (void *)1);
                xmlChar *t = type ? xmlStrdup(local_part(type)) : NULL;
                if (t && xmlHashAddEntry2(loaded[k].types, name, tns ? tns : BAD_CAST "", t) != 0)
                    xmlFree(t);   /* declared before: the first type stays */
            }
            if (ctype && !in_choice && (name || ref) && !(min && xmlStrEqual(min, BAD_CAST "0")))
                xmlHashAddEntry2(loaded[k].required, ctype, name ? name : local_part(ref), (void *)1);
            xmlFree(name);
            xmlFree(ref);
            xmlFree(type);
            xmlFree(min);
        }
        if (xmlStrEqual(n->name, BAD_CAST "complexType")) {
            xmlChar *name = xmlGetProp(n, BAD_CAST "name");
            collect_names(k, n->children, tns, name ? name : ctype, 0);
            xmlFree(name);
            continue;
        }
        collect_names(k, n->children, tns, ctype, in_choice || xmlStrEqual(n->name, BAD_CAST "choice"));
    }
}

static void collect_dir(einv_xsd_kind k, const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    if (!d)
        return;
    while ((de = readdir(d)) != NULL) {
        char path[1500];
        size_t len = strlen(de->d_name);
        xmlDocPtr doc;
        if (len < 5 || strcmp(de->d_name + len - 4, ".xsd") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
        if (doc) {
            xmlNodePtr root = xmlDocGetRootElement(doc);
            xmlChar *tns = root ? xmlGetProp(root, BAD_CAST "targetNamespace") : NULL;
            if (root)
                collect_names(k, root->children, tns, NULL, 0);
            xmlFree(tns);
            xmlFreeDoc(doc);
        }
    }
    closedir(d);
}

static void load(einv_xsd_kind k)
{
    const char *dir = einv_xsd_dir();
    char path[1200];
    xmlSchemaParserCtxtPtr p;
    size_t i;
    snprintf(path, sizeof path, "%s/%s", dir, KIND[k].main);
    if (access(path, R_OK) != 0) {
        snprintf(loaded[k].why, sizeof loaded[k].why, "%s is missing (set EINV_SCHEMA_DIR to the schemas directory)", path);
        einv_log(EINV_LOG_ERROR, "schema layer off: %s", loaded[k].why);
        return;
    }
    p = xmlSchemaNewParserCtxt(path);
    if (!p) {
        snprintf(loaded[k].why, sizeof loaded[k].why, "out of memory compiling %s", path);
        return;
    }
    xmlSchemaSetParserStructuredErrors(p, note_error, loaded[k].why);
    loaded[k].schema = xmlSchemaParse(p);
    xmlSchemaFreeParserCtxt(p);
    if (!loaded[k].schema) {
        char msg[sizeof loaded[k].why];
        snprintf(msg, sizeof msg, "%s", loaded[k].why);
        snprintf(loaded[k].why, sizeof loaded[k].why, "%s does not compile: %.500s", path, msg);
        einv_log(EINV_LOG_ERROR, "schema layer off: %s", loaded[k].why);
        return;
    }
    loaded[k].declared = xmlHashCreate(512);
    loaded[k].types = xmlHashCreate(512);
    loaded[k].required = xmlHashCreate(512);
    for (i = 0; i < 2 && loaded[k].declared && loaded[k].types && loaded[k].required && KIND[k].vocab[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, KIND[k].vocab[i]);
        collect_dir(k, path);
    }
}

static void load_ubl_invoice(void) { load(EINV_XSD_UBL_INVOICE); }
static void load_ubl_creditnote(void) { load(EINV_XSD_UBL_CREDITNOTE); }
static void load_cii(void) { load(EINV_XSD_CII); }

xmlSchemaPtr einv_xsd_schema(einv_xsd_kind k, const char **why)
{
    static void (*const loader[EINV_XSD_KINDS])(void) = {load_ubl_invoice, load_ubl_creditnote, load_cii};
    pthread_once(&loaded[k].once, loader[k]);
    if (why)
        *why = loaded[k].why;
    return loaded[k].schema;
}

int einv_xsd_declares(einv_xsd_kind k, const char *ns, const char *local)
{
    if (!einv_xsd_schema(k, NULL) || !loaded[k].declared)
        return 1;   /* no vocabulary: do not call anything unknown */
    return xmlHashLookup2(loaded[k].declared, BAD_CAST local, BAD_CAST(ns ? ns : "")) != NULL;
}

int einv_xsd_requires(einv_xsd_kind k, const char *ns, const char *parent, const char *child)
{
    const xmlChar *type;
    if (!einv_xsd_schema(k, NULL) || !loaded[k].types || !loaded[k].required)
        return 0;
    type = xmlHashLookup2(loaded[k].types, BAD_CAST parent, BAD_CAST(ns ? ns : ""));
    return type && xmlHashLookup2(loaded[k].required, type, BAD_CAST child) != NULL;
}
