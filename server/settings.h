/* The settings registry of einvoiced (server/settings.c): every EINV_* setting with its
 * type, default, range and help, in one table. */
#ifndef EINV_SERVER_SETTINGS_H
#define EINV_SERVER_SETTINGS_H

#include <stdio.h>
#include "server.h"

typedef enum einv_setting_type {
    EINV_SET_STR = 0,    /* text, copied into a char array of the config */
    EINV_SET_INT = 1,    /* whole number within [min, max] */
    EINV_SET_BYTES = 2,  /* whole number of bytes, K/M/G allowed */
    EINV_SET_BOOL = 3    /* 0 or 1 */
} einv_setting_type;

typedef struct einv_setting {
    const char *name;        /* EINV_... */
    einv_setting_type type;
    const char *def;         /* the default, as it would be written */
    long long min, max;      /* numbers only */
    size_t off, size;        /* the field in einv_config_t */
    const char *help;
} einv_setting_t;

size_t einv_settings_count(void);
const einv_setting_t *einv_setting_at(size_t i);
/* The setting called name, or NULL when there is none. */
const einv_setting_t *einv_setting_find(const char *name);
/* Parse v (NULL: the default) into s's field of c; EINV_OK, or an error naming the setting
 * (err->subject EINV_SUBJECT_SETTING). */
int einv_setting_apply(const einv_setting_t *s, einv_config_t *c, const char *v, einv_error_t *err);
/* One line per setting: name, help, type and default (einvoiced --help). */
void einv_settings_print(FILE *f);

#endif
