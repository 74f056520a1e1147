import SegueTestKit
import Testing

/// The `WAYLAND_DEBUG` parser the KWin tests read protocol facts with (no compositor needed).
@Suite struct WaylandDebugLogTests {
    static let sample = """
    [1094161.389]  -> wl_registry@2.bind(1, "wl_compositor", 4, new id [unknown]@4)
    [1094161.449] wl_registry@2.global(10, "wp_fractional_scale_manager_v1", 1)
    [1094742.585]  -> xdg_wm_base@5.get_xdg_surface(new id xdg_surface@15, wl_surface@14)
    [1094742.589]  -> xdg_surface@15.get_toplevel(new id xdg_toplevel@16)
    [1094742.612]  -> xdg_toplevel@16.set_title("Segue, the demo")
    [1094742.700]  -> wp_viewporter@7.get_viewport(new id wp_viewport@30, wl_surface@14)
    [1094772.714]  -> xdg_surface@15.set_window_geometry(0, 0, 1024, 700)
    segue-demo: some line of the app's own
    [1094772.793]  -> wl_shm_pool@18.create_buffer(new id wl_buffer@19, 0, 1536, 1050, 6144, 0)
    [1094807.281]  -> wl_surface@14.attach(wl_buffer@19, 0, 0)
    [1094920.925] xdg_toplevel@16.configure(1024, 700, array[4])
    [1098089.004] wl_pointer@18.motion(129947107, 172.50000000, 232.00000000)
    [1216211.296]  -> zxdg_toplevel_decoration_v1@17.configure(2)
    """

    @Test func parsesDirectionObjectsAndArguments() throws {
        let log = WaylandDebugLog(Self.sample)
        #expect(log.messages.count == 12, "the app's own line is not a message")
        let title = try #require(log.all("xdg_toplevel", "set_title").first)
        #expect(title.sent && title.id == 16 && title.arguments == ["\"Segue, the demo\""])
        let motion = try #require(log.all("wl_pointer", "motion").first)
        #expect(!motion.sent && motion.double(1) == 172.5 && motion.double(2) == 232)
        #expect(log.all("zxdg_toplevel_decoration_v1", "configure").first?.int(0) == 2)
        #expect(log.announced("wp_fractional_scale_manager_v1") && !log.bound("wp_fractional_scale_manager_v1"))
        #expect(log.bound("wl_compositor"))
    }

    @Test func followsObjectsFromSurfaceToBuffer() throws {
        let log = WaylandDebugLog(Self.sample)
        let surface = try #require(log.toplevelSurface)
        #expect(surface == "wl_surface@14")
        #expect(log.extensionObject("wp_viewport", of: surface) == "wp_viewport@30")
        let attach = try #require(log.on(surface, "attach").last)
        let buffer = try #require(attach.object(0))
        let created = try #require(log.creation(of: buffer, before: attach.index))
        #expect(created.name == "create_buffer" && created.int(2) == 1536 && created.int(3) == 1050)
    }

    /// libwayland 1.23's server log (sway 1.10 and KWin 6.3 in the Debian 13 lane) writes
    /// `iface#id`, as these lines from sway 1.10's `WAYLAND_DEBUG=server` do.
    @Test func readsLibwayland123sHashIDs() throws {
        let log = WaylandDebugLog("""
        [2864819.895]  -> wl_registry#2.global(1, "wl_shm", 2)
        [2864819.822] wl_display#1.get_registry(new id wl_registry#2)
        [2864830.100]  -> zxdg_toplevel_decoration_v1#25.configure(2)
        [2864830.200] wl_surface#14.attach(wl_buffer#19, 0, 0)
        """)
        #expect(log.messages.count == 4)
        #expect(log.all("wl_registry", "global").first?.sent == true)
        #expect(log.on("zxdg_toplevel_decoration_v1@25", "configure").first?.int(0) == 2)
        #expect(log.on("wl_surface@14", "attach").first?.object(0) == "wl_buffer@19")
        let sway = SwaySession.parseProtocolLog("[2864830.100]  -> zxdg_toplevel_decoration_v1#25.configure(2)")
        #expect(sway.first?.interface == "zxdg_toplevel_decoration_v1" && sway.first?.id == 25 && sway.first?.int(0) == 2)
    }
}
