/* einvoice SDK umbrella header: everything a plugin may include. */
#ifndef EINVOICE_EINVOICE_H
#define EINVOICE_EINVOICE_H
#include "status.h"
#include "limits.h"
#include "json_strict.h"
#include "decimal.h"
#include "finding.h"
#include "xml.h"
#include "invoice.h"
#include "codelists.h"
#include "plugin.h"
#include "binding.h"
#endif
