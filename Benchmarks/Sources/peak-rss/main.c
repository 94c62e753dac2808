// peak-rss OUT CMD ARGS...: runs CMD (stdout and stderr to /dev/null) and
// writes its peak resident memory in KiB (wait4's ru_maxrss) to OUT.
//
// A process started by exec inherits the high-water mark of the memory it
// replaces, so a child spawned straight from the benchmark driver would report
// at least the driver's own peak. Started from this tiny program, the child's
// peak is its own.
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: peak-rss OUT CMD ARGS...\n");
        return 64;
    }
    pid_t pid = fork();
    if (pid < 0) return 71;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execv(argv[2], argv + 2);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) return 71;
    FILE *out = fopen(argv[1], "w");
    if (!out) return 73;
    fprintf(out, "%ld\n", usage.ru_maxrss);
    fclose(out);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
