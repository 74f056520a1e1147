import Segue

/// `message` in the user's language, from the demo's catalogue (``DemoApp/textDomain``), its
/// `%d` placeholders replaced in turn by `numbers`.
func localized(_ message: String, _ numbers: Int...) -> String {
    fill(Localization.string(message, domain: DemoApp.textDomain), numbers)
}

/// The plural form of `singular`/`plural` for `count` from the demo's catalogue, with its `%d`
/// placeholders replaced in turn by `numbers` (the form is chosen by `count`).
func localized(singular: String, plural: String, count: Int, _ numbers: Int...) -> String {
    fill(Localization.current.translatePlural(singular, plural, count, DemoApp.textDomain), numbers)
}

private func fill(_ template: String, _ numbers: [Int]) -> String {
    var text = template
    for number in numbers {
        guard let range = text.firstRange(of: "%d") else { break }
        text.replaceSubrange(range, with: String(number))
    }
    return text
}
