// yaml-scan FILE...: the floor as a whole process. Reads each file and runs
// libyaml's event loop over it; prints the event count per file.
#include <stdio.h>

#include "cscan.h"

int main(int argc, char **argv) {
    int status = 0;
    for (int i = 1; i < argc; i++) {
        long events = cscan_file(argv[i]);
        if (events < 0) {
            fprintf(stderr, "%s: %s\n", argv[i], events == -2 ? "cannot read" : "YAML error");
            status = 65;
            continue;
        }
        printf("%s: %ld events\n", argv[i], events);
    }
    return status;
}
