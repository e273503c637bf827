/* libFuzzer's start-up hook for the harnesses that take tce's own descriptors as seeds
 * (desc_unpack, tmreplace; tests/fuzz.cmake links it into them): with TCE_FUZZ_SEEDS_FROM
 * and TCE_FUZZ_SEEDS_TO set, the descriptors of the encode cases go into the seed directory. */
#include "encode_seeds.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_encode_seeds(fuzz_our_descriptor);
    return 0;
}
