import Foundation

// mutter's monitors.xml, for a headless virtual monitor at an integer scale.
extension MutterSession {
    /// Writes `monitors.xml` into `configHome` (the session's XDG_CONFIG_HOME): the virtual
    /// monitor at its mode (``width`` × ``height`` device pixels) and ``scale``, in mutter's
    /// physical layout mode for an integer scale, logical for a fractional one. The monitor is named as mutter names a `--virtual-monitor` (its
    /// DisplayConfig state, read from mutter 48: connector Meta-0, vendor MetaVendor, product
    /// MetaVirtualMonitor, serial 0x00); mutter applies the configuration whose monitors match.
    func writeMonitorConfiguration(configHome: String) throws {
        let xml = """
        <monitors version="2">
          <configuration>
            <layoutmode>\(scale == scale.rounded() ? "physical" : "logical")</layoutmode>
            <logicalmonitor>
              <x>0</x>
              <y>0</y>
              <scale>\(scale == scale.rounded() ? String(Int(scale)) : String(scale))</scale>
              <primary>yes</primary>
              <monitor>
                <monitorspec>
                  <connector>Meta-0</connector>
                  <vendor>MetaVendor</vendor>
                  <product>MetaVirtualMonitor</product>
                  <serial>0x00</serial>
                </monitorspec>
                <mode>
                  <width>\(width)</width>
                  <height>\(height)</height>
                  <rate>\(refreshRate ?? 60).000</rate>
                </mode>
              </monitor>
            </logicalmonitor>
          </configuration>
        </monitors>

        """
        try FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
        try xml.write(toFile: configHome + "/monitors.xml", atomically: true, encoding: .utf8)
    }

    /// GSettings' keyfile (`GSETTINGS_BACKEND=keyfile` reads it from `configHome/glib-2.0/
    /// settings/keyfile`) with mutter's experimental `scale-monitor-framebuffer` on: without it
    /// mutter offers integer scales only.
    func writeFractionalScalingSetting(configHome: String) throws {
        let dir = configHome + "/glib-2.0/settings"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "[org/gnome/mutter]\nexperimental-features=['scale-monitor-framebuffer']\n"
            .write(toFile: dir + "/keyfile", atomically: true, encoding: .utf8)
    }
}
