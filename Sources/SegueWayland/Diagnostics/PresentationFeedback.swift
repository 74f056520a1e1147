import CWayland
import CWaylandProtocols

/// Asks `wp_presentation` how committed frames fared (presented or discarded, and the
/// output's refresh), for the stats. A window owns one: the feedback objects still waiting
/// for an answer are destroyed with it.
@MainActor
final class PresentationFeedbacks {
    /// Each waiting `wp_presentation_feedback` (by address) and the stats it reports to.
    private var pending: [UInt: FrameStats] = [:]
    private var listener: ListenerOwner<PresentationFeedbacks>!

    init() {
        listener = ListenerOwner(self)
    }

    /// Requested before the commit it describes.
    func request(_ presentation: OpaquePointer, surface: OpaquePointer, stats: FrameStats) {
        guard let feedback = wp_presentation_feedback(presentation, surface) else { return }
        pending[UInt(bitPattern: feedback)] = stats
        wp_presentation_feedback_add_listener(feedback, feedbackListener, listener.data)
    }

    /// Destroys the feedback objects no answer came for.
    func destroyAll() {
        listener.detach()
        for address in pending.keys { wp_presentation_feedback_destroy(OpaquePointer(bitPattern: address)) }
        pending.removeAll()
    }

    /// The compositor answered (a feedback gets one answer): report it and destroy the object.
    fileprivate func answered(_ address: UInt, refreshNanoseconds: UInt32?) {
        guard let stats = pending.removeValue(forKey: address) else { return }
        if let refreshNanoseconds { stats.framePresented(refreshNanoseconds: refreshNanoseconds) } else { stats.frameDiscarded() }
        wp_presentation_feedback_destroy(OpaquePointer(bitPattern: address))
    }
}

private typealias Feedbacks = ListenerOwner<PresentationFeedbacks>

nonisolated(unsafe) private let feedbackListener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
    let listener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
    listener.initialize(to: wp_presentation_feedback_listener(
        sync_output: { _, _, _ in },
        presented: { data, feedback, _, _, _, refresh, _, _, _ in
            let address = UInt(bitPattern: feedback)
            Feedbacks.dispatch(data) { $0.answered(address, refreshNanoseconds: refresh) }
        },
        discarded: { data, feedback in
            let address = UInt(bitPattern: feedback)
            Feedbacks.dispatch(data) { $0.answered(address, refreshNanoseconds: nil) }
        }))
    return listener
}()
