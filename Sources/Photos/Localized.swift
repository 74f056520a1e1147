import SegueKit

/// `message` in the user's language, from Segue Photos' catalogue (``PhotosApp/textDomain``),
/// English when there is none. Each `%s` of the text found is replaced by the next of
/// `arguments`, or `%1$s`, `%2$s`, … by the one it numbers, for a language that reorders them;
/// `%%` is a percent sign. Without arguments the text is returned as found.
func localized(_ message: String, _ arguments: String...) -> String {
    let template = Localization.string(message, domain: PhotosApp.textDomain)
    return arguments.isEmpty ? template : fill(template, arguments)
}

/// `template` with its `%s`, `%N$s` and `%%` replaced, read once from the left: an argument's
/// own text (a file name with a `%s` in it) is never read as a placeholder.
private func fill(_ template: String, _ arguments: [String]) -> String {
    var result = ""
    var next = 0
    var rest = Substring(template)
    while let percent = rest.firstIndex(of: "%") {
        result += rest[..<percent]
        let spec = rest[rest.index(after: percent)...]
        if spec.first == "%" {
            result += "%"
            rest = spec.dropFirst()
        } else if spec.first == "s" {
            result += next < arguments.count ? arguments[next] : ""
            next += 1
            rest = spec.dropFirst()
        } else if let dollar = spec.prefix(3).firstIndex(of: "$"), let number = Int(spec[..<dollar]),
                  spec[spec.index(after: dollar)...].first == "s" {
            result += arguments.indices.contains(number - 1) ? arguments[number - 1] : ""
            rest = spec[spec.index(dollar, offsetBy: 2)...]
        } else {
            // Not a placeholder this helper knows: kept as written.
            result += "%"
            rest = spec
        }
    }
    return result + rest
}
