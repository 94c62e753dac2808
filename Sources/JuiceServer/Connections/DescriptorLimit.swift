#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's open-file limit (`RLIMIT_NOFILE`) and what the server
/// makes of it: each connection and each file open takes a descriptor, and
/// a process out of them cannot even accept a connection to refuse it.
struct DescriptorLimit: Sendable {
    /// The soft limit, after ``raised()``.
    let descriptors: Int

    /// Raises the soft limit to the hard limit (the most a process may
    /// raise itself to), and answers with the limit then in force.
    static func raised() -> DescriptorLimit {
        #if os(Linux)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return DescriptorLimit(descriptors: 1024) }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return DescriptorLimit(descriptors: Int(clamping: limit.rlim_cur))
    }

    /// The connections accepted at once: the limit less a reserve (an
    /// eighth, at least 64) for the stores' files, the event loops and the
    /// listening socket. Past it, the server stops accepting until one
    /// closes (the next ones wait in the kernel's queue), so that it never
    /// runs out of descriptors.
    var connections: Int {
        max(16, descriptors - max(64, descriptors / 8))
    }

    /// The event streams that may be open at once, `requested` at most:
    /// a quarter of the connections (at least 16) stays free for requests.
    func streams(requested: Int) -> Int {
        min(requested, connections - max(16, connections / 4))
    }
}
