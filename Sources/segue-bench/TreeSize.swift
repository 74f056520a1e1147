import Geometry
import Canvas
import Segue

/// A tab of `rows` text rows in a scroll view: the page whose size the swipe's frame cost
/// must not follow (a frame skips a moving page in which nothing changed).
@MainActor
final class RowsPage: ViewController {
    private let count: Int
    private var labels: [Label] = []

    init(title: String, rows: Int) {
        count = rows
        super.init(title: title)
    }

    override func loadView() {
        let scroll = ScrollView { [weak self] bounds in
            guard let self else { return bounds.size }
            for (index, label) in labels.enumerated() {
                label.frame = Rect(x: 16, y: Double(index) * 44, width: bounds.width - 32, height: 44)
            }
            return Size(width: bounds.width, height: Double(labels.count) * 44)
        }
        scroll.backgroundColor = .white
        setView(scroll)
        for index in 0..<count {
            let label = Label(text: "Row \(index + 1)")
            labels.append(label)
            scroll.contentView.addSubview(label)
        }
    }
}

/// A held tab swipe between two tabs of `rows` rows each: the median frame time and the
/// median number of views a frame measured.
@MainActor
func measureSwipe(rowsPerPage rows: Int, size: Size, repeats: Int) -> (median: Double, measured: Int) {
    let root = TabBarController(viewControllers: [RowsPage(title: "A", rows: rows), RowsPage(title: "B", rows: rows)])
    let bench = BenchWindow(root: root, size: size, scale: 1)
    let times = measureSwipe(size: size, scale: 1, repeats: repeats, in: bench)
    let measured = bench.measuredPerFrame.sorted()
    return (median(times), measured[measured.count / 2])
}
