/* A stand-in for the Python launcher `py` under Wine, to check the grader's first-run install of
   NVRTC: it appends its command line to py-args.txt beside itself, answers the version checks,
   knows no site-packages, and "installs" by copying the unpacked wheel named by PY_STANDIN_WHEEL
   into the folder after --target. */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    char log[MAX_PATH];
    GetModuleFileNameA(NULL, log, MAX_PATH);
    strcpy(strrchr(log, '\\') + 1, "py-args.txt");
    FILE *f = fopen(log, "a");
    for (int i = 1; i < argc; i++) fprintf(f, "%s%s", i > 1 ? " " : "", argv[i]);
    fprintf(f, "\n");
    fclose(f);
    if (argc > 1 && strcmp(argv[1], "--version") == 0) return puts("Python 3.11.9"), 0;
    if (argc > 1 && strcmp(argv[1], "-c") == 0) return 0;
    if (argc > 3 && strcmp(argv[2], "pip") == 0 && strcmp(argv[3], "--version") == 0) return puts("pip 24.0"), 0;
    const char *target = NULL, *wheel = getenv("PY_STANDIN_WHEEL");
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--target") == 0) target = argv[i + 1];
    if (!target || !wheel) return 2;
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "xcopy /E /I /Q /Y \"%s\" \"%s\\\"", wheel, target);
    return system(cmd) == 0 ? 0 : 3;
}
