#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A line of `juice-sync` or `juice-server` on stdout or stderr, written
/// with `write(2)`: a stream that is closed or whose reader went away (a
/// pipe into `head`, a cron job without output) loses the line, and the
/// work goes on, where `FileHandle.write(_:)` would stop the process.
public enum ConsoleLine {
    /// Writes `line` and a line feed to stdout.
    public static func out(_ line: String) { write(line, to: STDOUT_FILENO) }

    /// Writes `line` and a line feed to stderr.
    public static func error(_ line: String) { write(line, to: STDERR_FILENO) }

    private static func write(_ line: String, to descriptor: Int32) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress, buffer.count)
                #else
                    Darwin.write(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
