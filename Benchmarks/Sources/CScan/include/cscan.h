#ifndef CSCAN_H
#define CSCAN_H

#include <stddef.h>
#include <stdint.h>

/// Runs libyaml's event loop over `length` bytes: parse every event, free it,
/// nothing else. Returns the number of events, or -1 on a parse error.
long cscan_bytes(const uint8_t *bytes, size_t length);

/// Reads the whole file at `path` (read(2) into one buffer, as the loader
/// does) and scans it. Returns the number of events, -1 on a parse error,
/// -2 when the file cannot be read.
long cscan_file(const char *path);

#endif
