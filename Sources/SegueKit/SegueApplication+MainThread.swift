import SegueWayland

extension SegueApplication {
    /// Hands a closure to the main thread from any thread: it runs there between the event
    /// loop's turns, in posting order, and the window draws whatever it changed.
    ///
    /// Pass it to code that works on other threads and must report back to the views:
    ///
    /// ```swift
    /// let queue = DecodeQueue(deliver: SegueApplication.mainThread)
    /// ```
    ///
    /// Closures posted before ``run(root:title:appID:)`` starts the loop run on its first
    /// turn; the closure runs on the main thread, so it may `MainActor.assumeIsolated`.
    public nonisolated static var mainThread: @Sendable (@escaping @Sendable () -> Void) -> Void {
        { work in MainLoopPoster.shared.post(work) }
    }
}
