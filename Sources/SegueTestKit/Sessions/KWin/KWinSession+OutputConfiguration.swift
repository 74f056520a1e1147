import Foundation

// KWin 6's output configuration file, for a virtual output at a fractional scale.
extension KWinSession {
    /// Writes `kwinoutputconfig.json` into `configHome` (the session's XDG_CONFIG_HOME): KWin
    /// 6's one virtual output, `Virtual-0`, at its native mode and ``scale``, placed at the
    /// origin. KWin 6 reads it at start and applies it to the output of that connector name (the
    /// virtual output has no EDID to match on); seen working with KWin 6.3.6.
    func writeOutputConfiguration(configHome: String) throws {
        let configuration: [[String: Any]] = [
            ["name": "outputs", "data": [[
                "connectorName": "Virtual-0", "edidHash": "", "edidIdentifier": "",
                "mode": ["width": nativeWidth, "height": nativeHeight, "refreshRate": 60000],
                "scale": scale, "transform": "Normal",
            ]]],
            ["name": "setups", "data": [[
                "lidClosed": false,
                "outputs": [["enabled": true, "outputIndex": 0, "position": ["x": 0, "y": 0], "priority": 0]],
            ]]],
        ]
        let data = try JSONSerialization.data(withJSONObject: configuration, options: [.prettyPrinted, .sortedKeys])
        try FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: configHome + "/kwinoutputconfig.json"))
    }
}
