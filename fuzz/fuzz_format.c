/* libFuzzer target body of fuzz_ubl, fuzz_cii, fuzz_zugferd_pdf, fuzz_idoc, fuzz_odata and
 * fuzz_json (fuzz/CMakeLists.txt builds it once per format): the input is one document,
 * validated through the real engine and plugins with the format forced to FUZZ_FORMAT
 * (never sniffed) and the profile picked per input, so EN16931 and the national profiles
 * each get a share. The ERP formats (FUZZ_WITH_MAPPING) get the sample mapping document,
 * so that their conversions go past the tax code, unit, party and condition look-ups. */
#include "fuzz_engine.h"

#ifndef FUZZ_FORMAT
#error "FUZZ_FORMAT must name the format plugin (\"ubl\", \"cii\", ...)"
#endif
#ifndef FUZZ_WITH_MAPPING
#define FUZZ_WITH_MAPPING 0
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    fz_validate(FUZZ_FORMAT, fz_profile_for(data, len),
                FUZZ_WITH_MAPPING ? fz_sample_mapping() : NULL, data, len);
    return 0;
}
