// Stand-in for <assert.h>: NVRTC defines device assert itself (a failed assert calls
// __assertfail, which the emulator reports with the file, line, block and thread).
#pragma once
