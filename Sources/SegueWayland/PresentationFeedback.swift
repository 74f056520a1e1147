import CWayland
import CWaylandProtocols

/// Asks `wp_presentation` how a committed frame fared (presented or discarded, and the
/// output's refresh), for the stats. Requested before the commit it describes.
@MainActor
enum PresentationFeedback {
    static func request(_ presentation: OpaquePointer, surface: OpaquePointer, stats: FrameStats) {
        guard let feedback = wp_presentation_feedback(presentation, surface) else { return }
        wp_presentation_feedback_add_listener(feedback, feedbackListener, Unmanaged.passUnretained(stats).toOpaque())
    }
}

private func statsOwner(_ data: UnsafeMutableRawPointer?) -> FrameStats? {
    guard let data else { return nil }
    return Unmanaged<FrameStats>.fromOpaque(data).takeUnretainedValue()
}

nonisolated(unsafe) private let feedbackListener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
    let listener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
    listener.initialize(to: wp_presentation_feedback_listener(
        sync_output: { _, _, _ in },
        presented: { data, feedback, _, _, _, refresh, _, _, _ in
            let owner = statsOwner(data)
            MainActor.assumeIsolated { owner?.framePresented(refreshNanoseconds: refresh) }
            wp_presentation_feedback_destroy(feedback)
        },
        discarded: { data, feedback in
            let owner = statsOwner(data)
            MainActor.assumeIsolated { owner?.frameDiscarded() }
            wp_presentation_feedback_destroy(feedback)
        }))
    return listener
}()
