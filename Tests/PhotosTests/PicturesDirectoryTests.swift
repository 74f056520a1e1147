import Foundation
import Photos
import Testing

/// The desktop's pictures folder from user-dirs.dirs, as xdg-user-dirs writes it.
@Suite struct PicturesDirectoryTests {
    @Test func parsesTheLineXdgUserDirsWrites() {
        let text = """
            # This file is written by xdg-user-dirs-update
            # If you want to change or add directories, just edit the line you're
            # interested in. All local changes will be retained on the next run.
            XDG_DESKTOP_DIR="$HOME/Desktop"
            XDG_PICTURES_DIR="$HOME/Bilder"
            XDG_VIDEOS_DIR="$HOME/Videos"
            """
        #expect(PicturesDirectory.parse(userDirs: text, home: "/home/ada") == "/home/ada/Bilder")
    }

    @Test func absolutePathsEscapesAndTheLastLineWin() {
        #expect(PicturesDirectory.parse(userDirs: #"XDG_PICTURES_DIR="/srv/photos/""#, home: "/h") == "/srv/photos")
        #expect(PicturesDirectory.parse(userDirs: #"XDG_PICTURES_DIR="$HOME/My \"Best\" \$hots""#, home: "/h") == #"/h/My "Best" $hots"#)
        #expect(PicturesDirectory.parse(userDirs: "XDG_PICTURES_DIR=\"$HOME/a\"\nXDG_PICTURES_DIR=\"$HOME/b\"", home: "/h") == "/h/b")
        // Not what xdg-user-dirs writes: relative, unquoted, another variable, commented out.
        #expect(PicturesDirectory.parse(userDirs: #"XDG_PICTURES_DIR="Pictures""#, home: "/h") == nil)
        #expect(PicturesDirectory.parse(userDirs: "XDG_PICTURES_DIR=$HOME/Pictures", home: "/h") == nil)
        #expect(PicturesDirectory.parse(userDirs: #"XDG_PICTURES_DIR="$HOMEDIR/x""#, home: "/h") == nil)
        #expect(PicturesDirectory.parse(userDirs: #"# XDG_PICTURES_DIR="$HOME/x""#, home: "/h") == nil)
    }

    @Test func locatesThroughXdgConfigHomeAndFallsBackToPictures() throws {
        let config = Fixtures.temporaryDirectory()
        let environment = ["HOME": "/home/ada", "XDG_CONFIG_HOME": config]
        #expect(PicturesDirectory.locate(environment: environment) == "/home/ada/Pictures")
        try #"XDG_PICTURES_DIR="$HOME/Fotos""#.write(toFile: config + "/user-dirs.dirs", atomically: true, encoding: .utf8)
        #expect(PicturesDirectory.locate(environment: environment) == "/home/ada/Fotos")
        // Without XDG_CONFIG_HOME the file is looked for in ~/.config.
        let home = Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        try #"XDG_PICTURES_DIR="$HOME/Bilder""#.write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        #expect(PicturesDirectory.locate(environment: ["HOME": home]) == home + "/Bilder")
    }
}
