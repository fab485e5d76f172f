/* Stand-in for Windows 10's bcryptprimitives.dll ProcessPrng, which Wine 8 lacks and Rust's
   standard library imports: fills the buffer from RtlGenRandom (SystemFunction036). */
#include <windows.h>
#include <ntsecapi.h>
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x7fffffff ? 0x7fffffff : (ULONG)len;
        if (!RtlGenRandom(data, chunk)) return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
