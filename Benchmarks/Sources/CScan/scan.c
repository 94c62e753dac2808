#include "cscan.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

long cscan_bytes(const uint8_t *bytes, size_t length) {
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) return -1;
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
    yaml_parser_set_input_string(&parser, bytes, length);
    long events = 0;
    for (;;) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            events = -1;
            break;
        }
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        events++;
        if (done) break;
    }
    yaml_parser_delete(&parser);
    return events;
}

long cscan_file(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -2;
    struct stat info;
    if (fstat(fd, &info) != 0) {
        close(fd);
        return -2;
    }
    size_t size = (size_t)info.st_size;
    uint8_t *buffer = malloc(size + 1);
    if (!buffer) {
        close(fd);
        return -2;
    }
    size_t filled = 0;
    while (filled < size) {
        ssize_t count = read(fd, buffer + filled, size - filled);
        if (count < 0) {
            free(buffer);
            close(fd);
            return -2;
        }
        if (count == 0) break;
        filled += (size_t)count;
    }
    close(fd);
    long events = cscan_bytes(buffer, filled);
    free(buffer);
    return events;
}
