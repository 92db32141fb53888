/* The BR-FR rules on identifiers and electronic addresses (BR-FR-23 to 26) whose text is the
 * same in both syntaxes: included by fr_cii_core.c and fr_ubl_core.c, after fr_int.h (each
 * file gets its own static copy, as with every FR_RULE). */
#ifndef FR_RULES_ADDRESS_H
#define FR_RULES_ADDRESS_H

#define ADDR_SUG "Use only letters, digits and the signs + - _ . in an address of scheme 0225."
FR_RULE(R_23_34, "BR-FR-23_BT-34", "BT-34", "The seller electronic address (scheme 0225) has characters that are not allowed.", ADDR_SUG)
FR_RULE(R_23_49, "BR-FR-23_BT-49", "BT-49", "The buyer electronic address (scheme 0225) has characters that are not allowed.", ADDR_SUG)
FR_RULE(R_23_12, "BR-FR-23_EXT-FR-FE-12", "EXT-FR-FE-12", "The buyer agent electronic address (scheme 0225) has characters that are not allowed.", ADDR_SUG)
FR_RULE(R_23_29, "BR-FR-23_EXT-FR-FE-29", "EXT-FR-FE-29", "The payee electronic address (scheme 0225) has characters that are not allowed.", ADDR_SUG)
FR_RULE(R_23_52, "BR-FR-23_EXT-FR-FE-52", "EXT-FR-FE-52", "The payer electronic address (scheme 0225) has characters that are not allowed.", ADDR_SUG)
FR_RULE(R_23_75, "BR-FR-23_EXT-FR-FE-75", "EXT-FR-FE-75", "The seller agent electronic address (scheme 0225) has characters that are not allowed.", ADDR_SUG)
FR_RULE(R_23_98, "BR-FR-23_EXT-FR-FE-98", "EXT-FR-FE-98", "The invoicee electronic address (scheme 0225) has characters that are not allowed.", ADDR_SUG)
FR_RULE(R_23_121, "BR-FR-23_EXT-FR-FE-121", "EXT-FR-FE-121", "The invoicer electronic address (scheme 0225) has characters that are not allowed.", ADDR_SUG)
#define PRIV_SUG "Use only letters, digits and the signs + - _ . in a private identifier (scheme 0224)."
FR_RULE(R_24_29, "BR-FR-24_BT-29", "BT-29", "A seller private identifier (scheme 0224) has characters that are not allowed.", PRIV_SUG)
FR_RULE(R_24_46, "BR-FR-24_BT-46", "BT-46", "A buyer private identifier (scheme 0224) has characters that are not allowed.", PRIV_SUG)
#define LEN125_SUG "Shorten the electronic address to at most 125 characters."
FR_RULE(R_25_34, "BR-FR-25_BT-34", "BT-34", "The seller electronic address is longer than 125 characters.", LEN125_SUG)
FR_RULE(R_25_49, "BR-FR-25_BT-49", "BT-49", "The buyer electronic address is longer than 125 characters.", LEN125_SUG)
FR_RULE(R_25_12, "BR-FR-25_EXT-FR-FE-12", "EXT-FR-FE-12", "The buyer agent electronic address is longer than 125 characters.", LEN125_SUG)
FR_RULE(R_25_29, "BR-FR-25_EXT-FR-FE-29", "EXT-FR-FE-29", "The payee electronic address is longer than 125 characters.", LEN125_SUG)
FR_RULE(R_25_52, "BR-FR-25_EXT-FR-FE-52", "EXT-FR-FE-52", "The payer electronic address is longer than 125 characters.", LEN125_SUG)
FR_RULE(R_25_75, "BR-FR-25_EXT-FR-FE-75", "EXT-FR-FE-75", "The seller agent electronic address is longer than 125 characters.", LEN125_SUG)
FR_RULE(R_25_98, "BR-FR-25_EXT-FR-FE-98", "EXT-FR-FE-98", "The invoicee electronic address is longer than 125 characters.", LEN125_SUG)
FR_RULE(R_25_121, "BR-FR-25_EXT-FR-FE-121", "EXT-FR-FE-121", "The invoicer electronic address is longer than 125 characters.", LEN125_SUG)
#define LEN100_SUG "Shorten the private identifier (scheme 0224) to at most 100 characters."
FR_RULE(R_26_29, "BR-FR-26_BT-29", "BT-29", "A seller private identifier (scheme 0224) is longer than 100 characters.", LEN100_SUG)
FR_RULE(R_26_46, "BR-FR-26_BT-46", "BT-46", "A buyer private identifier (scheme 0224) is longer than 100 characters.", LEN100_SUG)

#endif
