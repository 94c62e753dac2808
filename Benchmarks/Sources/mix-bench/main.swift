// mix-bench DIR [--time-limit SECONDS] [--chain-time-limit SECONDS]: the best mix (JuiceMix, CBC) against
// the greedy mix (the recipe worth most per serving first) on the data that
// bench-data wrote into DIR: one store of the 1,000-store chain, the chain's
// 500-recipe menu with its own initial stock, and the whole chain. Servings
// as the menus stand; revenue with seeded prices (1,000 to 9,000 per serving)
// added in memory, as bench-data writes none. Prints a Markdown table. The
// time limit is juice's default (10 s) for one store and the 500-recipe menu,
// and 1 s per store for the whole chain, whose 1,000 solves take turns
// (servings only: that alone takes up to a quarter of an hour).
import Dispatch
import JuiceMaker
import JuiceMix
import Seeded

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `menu` with a seeded price on every recipe.
func priced(_ menu: Menu) -> Menu {
    var random = SplitMix64(state: 20_261_122)
    let recipes = menu.recipes.map { recipe -> Recipe in
        var copy = recipe
        copy.price = random.within(1_000...9_000)
        return copy
    }
    // The same fruits and recipes, prices added: it is valid.
    return try! Menu(fruits: menu.fruits, recipes: recipes)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func format(_ value: Double, _ digits: Int = 3) -> String {
    var text = String(Int((value * pow(10, Double(digits))).rounded()))
    while text.count <= digits { text = "0" + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    return text
}

func gain(_ best: Int, over greedy: Int) -> String {
    greedy == 0 ? "-" : "+" + format(Double(best - greedy) * 100 / Double(greedy), 1) + " %"
}

var arguments = Array(CommandLine.arguments.dropFirst())
/// The value of `--NAME SECONDS`, removed from the arguments, or `fallback`.
func option(_ name: String, _ fallback: Double) -> Double {
    guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count,
        let value = Double(arguments[flag + 1])
    else { return fallback }
    arguments.removeSubrange(flag...flag + 1)
    return value
}
let timeLimit = option("--time-limit", MixRequest.defaultTimeLimit)
let chainTimeLimit = option("--chain-time-limit", 1)
guard arguments.count == 1 else {
    fputs("usage: mix-bench DIR [--time-limit SECONDS] [--chain-time-limit SECONDS]\n", stderr)
    exit(64)
}
let directory = arguments[0]
let clock = ContinuousClock()

let chain: ChainBatch
do {
    chain = try StoreService().chain(manifestPath: directory + "/chain/stores.yaml")
} catch {
    fputs("mix-bench: \(error); run bench-data \(directory) first\n", stderr)
    exit(66)
}
var snapshots: [StoreSnapshot] = []
chain.forEachStore { $0 } consume: { _, snapshot in
    snapshots.append(snapshot)
    return true
}

print("| case | objective | greedy | best mix | gain | status | gap | time |")
print("| --- | --- | ---: | ---: | ---: | --- | ---: | ---: |")

/// One mix, timed, beside the greedy one.
func row(_ name: String, _ menu: Menu, _ inventory: Inventory, _ objective: MixObjective) {
    let request = MixRequest(objective: objective, timeLimit: timeLimit)
    var mix: Mix?
    let time = clock.measure { mix = try? menu.bestMix(from: inventory, request) }
    let greedy = (try? menu.greedyMix(from: inventory, request))?.value ?? 0
    guard let mix else { return print("| \(name) | \(objective.rawValue) | failed |") }
    print(
        "| \(name) | \(objective.rawValue) | \(greedy) | \(mix.value) | \(gain(mix.value, over: greedy)) | "
            + "\(mix.status.rawValue) | \(mix.gap) | \(format(seconds(time))) s |")
}

// One store of the chain (its own menu and stock).
let store = snapshots[0]
if let menu = store.menu, let inventory = store.inventory {
    let size = "\(menu.recipes.count) recipes x \(menu.fruits.count) fruits"
    row("one store (\(store.store.name), \(size))", menu, inventory, .servings)
    row("one store (\(store.store.name), \(size))", priced(menu), inventory, .revenue)
}

// The chain's menu with its initial stock (0 to 500 of each fruit).
if let menu = (try? Menu.load(path: directory + "/chain/base.yaml"))?.value {
    let size = "\(menu.recipes.count) recipes x \(menu.fruits.count) fruits"
    row("500-recipe menu, initial stock (\(size))", menu, Inventory(initialStockOf: menu), .servings)
    row("500-recipe menu, initial stock (\(size))", priced(menu), Inventory(initialStockOf: menu), .revenue)
}

// The whole chain, each store its own model, as `juice mix --stores` runs it.
// Servings only: at up to the time limit per store, one objective already
// takes a quarter of an hour.
for objective in [MixObjective.servings] {
    let request = MixRequest(objective: objective, timeLimit: chainTimeLimit)
    var times = [Double](repeating: 0, count: snapshots.count)
    var values = [Int](repeating: 0, count: snapshots.count)
    var greedy = [Int](repeating: 0, count: snapshots.count)
    var statuses = [String](repeating: "", count: snapshots.count)
    var gaps = [Int](repeating: 0, count: snapshots.count)
    let lock = NSLockLike()
    let total = clock.measure {
        DispatchQueue.concurrentPerform(iterations: snapshots.count) { index in
            guard var menu = snapshots[index].menu, let inventory = snapshots[index].inventory else { return }
            if objective == .revenue { menu = priced(menu) }
            var mix: Mix?
            let time = clock.measure { mix = try? menu.bestMix(from: inventory, request) }
            let greedyValue = (try? menu.greedyMix(from: inventory, request))?.value ?? 0
            lock.withLock {
                times[index] = seconds(time)
                values[index] = mix?.value ?? 0
                greedy[index] = greedyValue
                statuses[index] = mix?.status.rawValue ?? "failed"
                gaps[index] = mix?.gap ?? 0
            }
        }
    }
    let sorted = times.sorted()
    let optimal = statuses.filter { $0 == "optimal" }.count
    print(
        "| whole chain (\(snapshots.count) stores, \(format(chainTimeLimit, 1)) s limit each) | \(objective.rawValue) | \(greedy.reduce(0, +)) | "
            + "\(values.reduce(0, +)) | \(gain(values.reduce(0, +), over: greedy.reduce(0, +))) | "
            + "\(optimal) optimal, \(snapshots.count - optimal) not | \(gaps.reduce(0, +)) in all | "
            + "\(format(seconds(total))) s in all; "
            + "per store median \(format(sorted[sorted.count / 2])) s, max \(format(sorted.last ?? 0)) s |")
}

/// A pthread mutex, for the results of the parallel solves.
final class NSLockLike {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock(_ body: () -> Void) {
        pthread_mutex_lock(&mutex)
        body()
        pthread_mutex_unlock(&mutex)
    }
}
