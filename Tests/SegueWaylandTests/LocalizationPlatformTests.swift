import Segue
@testable import SegueWayland
import Testing

/// The platform's side of issue 22: the text-direction override, the language gettext is
/// given when the locale is not generated, where the catalogues are found, and the pointer's
/// back button.
@Suite("Localization, platform")
struct LocalizationPlatformTests {
    @Test func segueTextDirectionOverridesTheLanguagesDirection() {
        let rtl = SettingsOverrides(environment: ["SEGUE_TEXT_DIRECTION": "rtl"]).applied(to: DesktopSettings())
        #expect(rtl.traits.layoutDirection == .rightToLeft)
        let ltr = SettingsOverrides(environment: ["SEGUE_TEXT_DIRECTION": "LTR"])
            .applied(to: DesktopSettings(traits: TraitCollection(layoutDirection: .rightToLeft)))
        #expect(ltr.traits.layoutDirection == .leftToRight)
        let bad = SettingsOverrides(environment: ["SEGUE_TEXT_DIRECTION": "up"])
        #expect(bad.warnings == ["ignoring SEGUE_TEXT_DIRECTION='up'"])
    }

    @Test func theLanguageIsReadAsGettextReadsIt() {
        #expect(GettextLocalization.language(environment: ["LANG": "he_IL.UTF-8"]) == "he_IL")
        #expect(GettextLocalization.language(environment: ["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8@latin"]) == "ar_EG")
        #expect(GettextLocalization.language(environment: ["LANG": "fr_FR", "LC_ALL": "de_DE.UTF-8"]) == "de_DE")
        #expect(GettextLocalization.language(environment: ["LANG": "C.UTF-8"]) == nil)
        #expect(GettextLocalization.language(environment: ["LANG": "POSIX"]) == nil)
        #expect(GettextLocalization.language(environment: [:]) == nil)
    }

    @Test func segueLocaledirNamesTheCatalogues() {
        #expect(GettextLocalization.localeDirectory(environment: ["SEGUE_LOCALEDIR": "/opt/x/locale"]) == "/opt/x/locale")
    }

    @Test func theSideButtonsMeanBackAndForward() {
        // linux/input-event-codes.h: BTN_SIDE 0x113, BTN_EXTRA 0x114, BTN_FORWARD 0x115, BTN_BACK 0x116.
        #expect(PointerButton(evdevCode: 0x113) == .back)
        #expect(PointerButton(evdevCode: 0x116) == .back)
        #expect(PointerButton(evdevCode: 0x114) == .forward)
        #expect(PointerButton(evdevCode: 0x115) == .forward)
        #expect(PointerButton(evdevCode: 0x117) == .other(0x117))
    }
}
