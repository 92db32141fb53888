/* The BR-FR-DEC rules (the French formats of amounts, quantities, prices and rates), worded
 * the same in both syntaxes: included by fr_cii_co.c and fr_ubl_co.c, after fr_int.h (each
 * file gets its own static copy, as with every FR_RULE). */
#ifndef FR_RULES_DECIMAL_H
#define FR_RULES_DECIMAL_H

#define AMT_SUG "Write the amount with '.' as separator, at most 2 decimals and 19 characters (a leading '-' allowed)."
FR_RULE(R_DEC1_93, "BR-FR-DEC-01_BT-93_BT-100", "BT-93, BT-100", "A document level allowance or charge base amount is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_92, "BR-FR-DEC-01_BT-92_BT-99", "BT-92, BT-99", "A document level allowance or charge amount is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_106, "BR-FR-DEC-01_BT-106", "BT-106", "The sum of line net amounts (BT-106) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_107, "BR-FR-DEC-01_BT-107", "BT-107", "The sum of allowances (BT-107) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_108, "BR-FR-DEC-01_BT-108", "BT-108", "The sum of charges (BT-108) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_109, "BR-FR-DEC-01_BT-109", "BT-109", "The total without VAT (BT-109) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_110, "BR-FR-DEC-01_BT-110", "BT-110, BT-111", "A total VAT amount (BT-110/BT-111) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_111, "BR-FR-DEC-01_BT-111", "BT-111", "The total VAT in accounting currency (BT-111) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_112, "BR-FR-DEC-01_BT-112", "BT-112", "The total with VAT (BT-112) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_113, "BR-FR-DEC-01_BT-113", "BT-113", "The paid amount (BT-113) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_114, "BR-FR-DEC-01_BT-114", "BT-114", "The rounding amount (BT-114) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_115, "BR-FR-DEC-01_BT-115", "BT-115", "The amount due (BT-115) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_116, "BR-FR-DEC-01_BT-116", "BT-116", "A VAT category taxable amount (BT-116) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_117, "BR-FR-DEC-01_BT-117", "BT-117", "A VAT category tax amount (BT-117) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_131, "BR-FR-DEC-01_BT-131", "BT-131", "An invoice line net amount (BT-131) is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_136, "BR-FR-DEC-01_BT-136_BT-141", "BT-136, BT-141", "A line allowance or charge amount is not in the French amount format.", AMT_SUG)
FR_RULE(R_DEC1_137, "BR-FR-DEC-01_BT-137_BT-142", "BT-137, BT-142", "A line allowance or charge base amount is not in the French amount format.", AMT_SUG)
#define QTY_SUG "Write the quantity with '.' as separator, at most 4 decimals and 19 characters."
FR_RULE(R_DEC2_129, "BR-FR-DEC-02_BT-129", "BT-129", "An invoiced quantity (BT-129) is not in the French quantity format.", QTY_SUG)
FR_RULE(R_DEC2_149, "BR-FR-DEC-02_BT-149", "BT-149", "An item price base quantity (BT-149) is not in the French quantity format.", QTY_SUG)
#define PRICE_SUG "Write the price with '.' as separator, at most 6 decimals and 19 characters, without sign " \
                  "(a '-' only in bidirectional frameworks S9/B9/M9)."
FR_RULE(R_DEC3_146, "BR-FR-DEC-03_BT-146", "BT-146", "An item net price (BT-146) is not in the French unit price format.", PRICE_SUG)
FR_RULE(R_DEC3_147, "BR-FR-DEC-03_BT-147", "BT-147", "An item price discount (BT-147) is not in the French unit price format.", PRICE_SUG)
FR_RULE(R_DEC3_148, "BR-FR-DEC-03_BT-148", "BT-148", "An item gross price (BT-148) is not in the French unit price format.", PRICE_SUG)
#define PCT_SUG "Write the rate without sign, with '.' as separator, at most 2 decimals and 4 digits."
FR_RULE(R_DEC4_96, "BR-FR-DEC-04_BT-96_BT-103", "BT-96, BT-103", "A document level allowance or charge VAT rate is not in the French rate format.", PCT_SUG)
FR_RULE(R_DEC4_119, "BR-FR-DEC-04_BT-119", "BT-119", "A VAT category rate (BT-119) is not in the French rate format.", PCT_SUG)
FR_RULE(R_DEC4_152, "BR-FR-DEC-04_BT-152", "BT-152", "An invoiced item VAT rate (BT-152) is not in the French rate format.", PCT_SUG)

#endif
