import CallshadeCore
import Foundation

/// Pictures for people reviewing renders.
public enum ReviewPictures {
    static let paper: (UInt8, UInt8, UInt8) = (255, 255, 255)
    static let ink: (UInt8, UInt8, UInt8) = (34, 34, 34)

    /// Two images next to each other with a gap, each labelled under it.
    public static func sideBySide(_ left: RGBAImage, _ right: RGBAImage, labels: (String, String), text: TextRenderer) -> RGBAImage {
        let gap = max(8, left.width / 40)
        let labelHeight = text.pixelHeight * 2
        var sheet = RGBAImage(width: left.width + gap + right.width, height: max(left.height, right.height) + labelHeight,
                              fill: (255, 255, 255, 255))
        sheet.paste(left, x: 0, y: 0)
        sheet.paste(right, x: left.width + gap, y: 0)
        let baseline = max(left.height, right.height) + text.pixelHeight * 3 / 2
        text.drawCentred(labels.0, into: &sheet, centreX: left.width / 2, baseline: baseline, color: ink)
        text.drawCentred(labels.1, into: &sheet, centreX: left.width + gap + right.width / 2, baseline: baseline, color: ink)
        return sheet
    }

    /// The colour of a difference on the heat map: black for none, then dark
    /// blue, magenta, orange and pale yellow as it nears `scale` levels.
    static func heat(_ difference: Int, scale: Int) -> (UInt8, UInt8, UInt8) {
        guard difference > 0 else { return (0, 0, 0) }
        let stops: [(Double, Double, Double)] = [(20, 20, 90), (150, 40, 150), (240, 120, 40), (255, 250, 190)]
        let t = min(Double(difference) / Double(max(scale, 1)), 1) * Double(stops.count - 1)
        let index = min(Int(t), stops.count - 2)
        let f = t - Double(index)
        let a = stops[index]
        let b = stops[index + 1]
        return (UInt8(a.0 + (b.0 - a.0) * f), UInt8(a.1 + (b.1 - a.1) * f), UInt8(a.2 + (b.2 - a.2) * f))
    }

    /// A map of where two images differ (the largest channel difference of
    /// each pixel, magnified so `scale` levels is the brightest colour), with
    /// a legend of the scale under it.
    public static func heatMap(_ a: RGBAImage, _ b: RGBAImage, scale: Int, text: TextRenderer) -> RGBAImage {
        let legendHeight = text.pixelHeight * 4
        var map = RGBAImage(width: a.width, height: a.height + legendHeight, fill: (255, 255, 255, 255))
        for pixel in 0..<(min(a.pixels.count, b.pixels.count) / 4) {
            var worst = 0
            for channel in 0..<4 {
                worst = max(worst, abs(Int(a.pixels[pixel * 4 + channel]) - Int(b.pixels[pixel * 4 + channel])))
            }
            let color = heat(worst, scale: scale)
            map.setPixel(x: pixel % a.width, y: pixel / a.width, (color.0, color.1, color.2, 255))
        }
        // The legend: a bar from 0 to `scale` levels, labelled at both ends and the middle.
        let barTop = a.height + text.pixelHeight / 2
        let barHeight = text.pixelHeight
        let margin = max(4, a.width / 20)
        let barWidth = max(a.width - 2 * margin, 1)
        for column in 0..<barWidth {
            let level = Int((Double(column) / Double(max(barWidth - 1, 1)) * Double(scale)).rounded())
            let color = heat(level, scale: scale)
            for row in barTop..<(barTop + barHeight) {
                map.blend(x: margin + column, y: row, color: color, coverage: 1)
            }
        }
        let baseline = barTop + barHeight + text.pixelHeight + text.pixelHeight / 4
        text.draw("0", into: &map, x: margin, baseline: baseline, color: ink)
        text.drawCentred("\(scale / 2)", into: &map, centreX: margin + barWidth / 2, baseline: baseline, color: ink)
        let last = "\(scale) levels"
        text.draw(last, into: &map, x: margin + barWidth - text.width(of: last), baseline: baseline, color: ink)
        return map
    }

    /// Frames in a grid of `columns`, each labelled under it.
    public static func contactSheet(_ cells: [(image: RGBAImage, label: String)], columns: Int, text: TextRenderer) -> RGBAImage {
        let cellWidth = cells.map(\.image.width).max() ?? 1
        let cellHeight = cells.map(\.image.height).max() ?? 1
        let gap = max(6, cellWidth / 20)
        let labelHeight = text.pixelHeight * 2
        let columns = max(1, min(columns, cells.count))
        let size = contactSheetSize(count: cells.count, columns: columns, cellWidth: cellWidth, cellHeight: cellHeight,
                                    textHeight: text.pixelHeight)
        var sheet = RGBAImage(width: size.width, height: size.height, fill: (255, 255, 255, 255))
        for (index, cell) in cells.enumerated() {
            let x = gap + (index % columns) * (cellWidth + gap)
            let y = gap + (index / columns) * (cellHeight + labelHeight + gap)
            sheet.paste(cell.image, x: x, y: y)
            text.drawCentred(cell.label, into: &sheet, centreX: x + cellWidth / 2, baseline: y + cellHeight + text.pixelHeight * 3 / 2,
                             color: ink)
        }
        return sheet
    }

    /// The pixel size of a contact sheet of `count` cells in `columns`, each
    /// cell at most `cellWidth` x `cellHeight`, labelled in text `textHeight`
    /// pixels high: for checking a sheet's size before drawing its cells.
    public static func contactSheetSize(count: Int, columns: Int, cellWidth: Int, cellHeight: Int,
                                        textHeight: Int) -> (width: Int, height: Int) {
        let grid = gridSize(count: count, columns: columns)
        let gap = max(6, cellWidth / 20)
        return (gap + grid.columns * (cellWidth + gap), gap + grid.rows * (cellHeight + textHeight * 2 + gap))
    }

    /// The grid size a contact sheet of `count` cells in `columns` has: (columns, rows).
    public static func gridSize(count: Int, columns: Int) -> (columns: Int, rows: Int) {
        let used = max(1, min(columns, count))
        return (used, (count + used - 1) / used)
    }
}
