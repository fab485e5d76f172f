// Stand-in for <stdio.h>: NVRTC declares device printf itself.
#pragma once
