// Stand-in for NVIDIA's <cooperative_groups/reduce.h> (grader/device-headers/README.md):
// cg::reduce and its operations are in the stand-in <cooperative_groups.h>.
#pragma once
#include <cooperative_groups.h>
