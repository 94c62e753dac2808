import JuiceMaker
import JuicePresentation
import Synchronization

/// The event streams of every store, and one watch per store that has any:
/// not one per stream.
///
/// A store's watch is a task that looks at the store's files four times a
/// second (one `stat` of the inventory and of each menu file, whatever the
/// number of streams), so that a change made by any process, a `juice`
/// command included, is seen. When they change it works out each event once
/// per language its streams speak (its files read once for them all), on
/// the store's line of the
/// ``StoreQueue``, and hands it to every stream:
/// - `menu` (the JSON of `GET .../menu`) when the menu file or a file it
///   extends changed, before the stock;
/// - `inventory` (the JSON of `GET .../report`), or `failure` (the
///   failure's JSON, as the API answers it) while the files are invalid or
///   cannot be read.
///
/// A new stream gets the store's `inventory` (or `failure`) at the next
/// look. Every stream also gets a comment every ping interval, which keeps
/// proxies from closing a quiet stream. A stream ends when its connection
/// closes (``EventStream``), and its place is free at once. The watch ends
/// with its store's last stream.
final class EventHub: Sendable {
    /// What the hub needs from the server's configuration.
    struct Settings: Sendable {
        /// The most streams open at once, over every store.
        var maxStreams: Int
        /// How often a quiet stream gets a comment.
        var pingInterval: Duration
        /// How often a store's files are looked at.
        var pollInterval = Duration.milliseconds(250)
    }

    private struct Stream {
        let language: String
        let continuation: AsyncStream<String>.Continuation
        /// Whether it has had no event yet.
        var isNew = true
    }

    /// A store with streams: the streams, by id.
    private struct Watched {
        var streams: [Int: Stream] = [:]
    }

    private struct State {
        var stores: [StoreAddress: Watched] = [:]
        var streamCount = 0
        var nextID = 0
    }

    let settings: Settings
    /// Where the events are worked out: on each store's line.
    private let executor: StoreQueue
    private let state = Mutex(State())

    init(executor: StoreQueue, settings: Settings) {
        self.executor = executor
        self.settings = settings
    }

    /// How many streams are open, over every store.
    var streamCount: Int { state.withLock { $0.streamCount } }

    /// A stream's events, and how to end it.
    struct Subscription: Sendable {
        let events: AsyncStream<String>
        /// Ends the stream and frees its place: its client went away.
        let end: @Sendable () -> Void
    }

    /// A new stream of `request`'s store, in its language; `nil` when
    /// ``Settings/maxStreams`` are open already. The stream ends when its
    /// consumer stops iterating it or drops it, or when it is ended.
    func subscribe(_ request: StoreRequest) -> Subscription? {
        // A slow client skips old events: each carries the whole state.
        let (events, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(8))
        let address = request.address
        let id: Int? = state.withLock { state in
            guard state.streamCount < settings.maxStreams else { return nil }
            state.streamCount += 1
            state.nextID += 1
            let startsWatch = state.stores[address] == nil
            state.stores[address, default: Watched()].streams[state.nextID] = Stream(
                language: request.language, continuation: continuation)
            if startsWatch {
                Task.detached { [self] in await watch(request) }
            }
            return state.nextID
        }
        guard let id else { return nil }
        continuation.onTermination = { [self] _ in
            state.withLock { state in
                guard state.stores[address]?.streams.removeValue(forKey: id) != nil else { return }
                state.streamCount -= 1
            }
        }
        return Subscription(events: events, end: { continuation.finish() })
    }

    /// The languages of `store`'s streams: all of them, and those of the
    /// streams that have had no event yet; `nil` when it has none left,
    /// and then the store is no longer watched.
    private func listeners(_ store: StoreAddress) -> (all: Set<String>, new: Set<String>)? {
        state.withLock { state in
            guard let watched = state.stores[store], !watched.streams.isEmpty else {
                state.stores[store] = nil
                return nil
            }
            let streams = watched.streams.values
            return (Set(streams.map(\.language)), Set(streams.filter(\.isNew).map(\.language)))
        }
    }

    /// Hands `texts` (by language) to `store`'s streams: to every stream
    /// when `toAll`, else to the new ones; `menu` texts only to streams
    /// that have had an event before.
    private func deliver(
        _ store: StoreAddress, _ texts: [String: (menu: String?, state: String)], toAll: Bool
    ) {
        state.withLock { state in
            guard var watched = state.stores[store] else { return }
            for (id, stream) in watched.streams where toAll || stream.isNew {
                guard let text = texts[stream.language] else { continue }
                if let menu = text.menu, !stream.isNew { stream.continuation.yield(menu) }
                stream.continuation.yield(text.state)
                watched.streams[id]?.isNew = false
            }
            state.stores[store] = watched
        }
    }

    /// A comment to every stream of `store`.
    private func ping(_ store: StoreAddress) {
        state.withLock { state in
            for stream in state.stores[store].map({ Array($0.streams.values) }) ?? [] {
                stream.continuation.yield(": ping\n\n")
            }
        }
    }

    /// Watches `request`'s store while it has streams.
    private func watch(_ request: StoreRequest) async {
        let store = request.address
        var menu = await run(request) { request.service.menuStamps(of: store) }
        // The stamps the streams were last sent events for (`nil`: none
        // yet). The inventory file alone, not the journal: a change appends
        // to the journal before it swaps the file in, and an event between
        // the two would say the stock before it.
        var last: (inventory: FileStamps, menu: FileStamps)?
        var lastPing = ContinuousClock.now
        while let listeners = listeners(store) {
            let inventory = FileStamps(of: store.inventoryPath.map { [$0] } ?? [])
            menu = menu.now()
            let menuChanged = last.map { $0.menu != menu } ?? false
            if menuChanged {
                // An edit may name other files to extend.
                menu = await run(request) { request.service.menuStamps(of: store) }
            }
            let changed = last.map { $0.inventory != inventory } ?? false || menuChanged
            if changed || !listeners.new.isEmpty {
                let languages = changed ? listeners.all : listeners.new
                let texts = await run(request) { request.events(in: languages, withMenu: menuChanged) }
                deliver(store, texts, toAll: changed)
                last = (inventory, menu)
            } else if ContinuousClock.now - lastPing >= settings.pingInterval {
                ping(store)
                lastPing = .now
            }
            try? await Task.sleep(for: settings.pollInterval)
        }
    }

    /// `work` on the store's line, as a read; when the line is full, again
    /// after a pause, until it runs.
    private func run<Value: Sendable>(_ request: StoreRequest, _ work: @escaping @Sendable () -> Value) async -> Value {
        while true {
            do {
                return try await executor.run(store: request.address, .read, maximumWait: .seconds(60), work)
            } catch {
                try? await Task.sleep(for: settings.pollInterval)
            }
        }
    }
}
