/// An option's value read from the arguments before they are parsed, so
/// that even a usage error can be said as the option asks.
package enum OptionScan {
    /// The value of `option` (`--locale ko` or `--locale=ko`) as the argument
    /// parser will take it: the last one given wins, and nothing after `--`
    /// is an option.
    package static func value(of option: String, in arguments: [String]) -> String? {
        var value: String?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument.hasPrefix(option + "=") {
                value = String(argument.dropFirst(option.count + 1))
            } else if argument == option, index + 1 < arguments.count {
                value = arguments[index + 1]
                index += 1
            }
            index += 1
        }
        return value
    }
}
