import CallshadeCore
import Foundation

/// A self-contained HTML page (no network, no scripts) with a table of
/// metrics and the pictures of each compared frame, worst first.
public struct ReportPage {
    public struct Row {
        public let title: String
        public let metrics: ImageMetrics
        /// File names, relative to the page.
        public let sideBySide: String
        public let heatMap: String
        public let images: (String, String)
        public let heatScale: Int

        public init(title: String, metrics: ImageMetrics, sideBySide: String, heatMap: String, images: (String, String), heatScale: Int) {
            self.title = title
            self.metrics = metrics
            self.sideBySide = sideBySide
            self.heatMap = heatMap
            self.images = images
            self.heatScale = heatScale
        }
    }

    public let heading: String
    public let subtitle: String
    public let labels: (String, String)
    public let rows: [Row]
    /// HTML put before the table as it is (the caller's own markup: two videos' plot over time).
    public let figure: String?

    public init(heading: String, subtitle: String, labels: (String, String), rows: [Row], figure: String? = nil) {
        self.heading = heading
        self.subtitle = subtitle
        self.labels = labels
        self.rows = rows
        self.figure = figure
    }

    /// Worst first: failing rows, then by largest difference, then by pixels over tolerance.
    public var sortedRows: [Row] {
        rows.sorted { a, b in
            if a.metrics.passes != b.metrics.passes { return !a.metrics.passes }
            if a.metrics.largestDifference != b.metrics.largestDifference { return a.metrics.largestDifference > b.metrics.largestDifference }
            return a.metrics.pixelsOverTolerance > b.metrics.pixelsOverTolerance
        }
    }

    public var html: String {
        let failing = rows.filter { !$0.metrics.passes }.count
        var page = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(heading))</title>
        <style>
        body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; margin: 24px; color: #222; background: #fafafa; }
        h1 { font-size: 22px; margin-bottom: 4px; } p.sub { color: #555; margin-top: 0; }
        table { border-collapse: collapse; margin: 16px 0 28px; background: #fff; }
        th, td { border: 1px solid #ccc; padding: 4px 10px; text-align: right; font-size: 13px; }
        th { background: #eee; } td.name { text-align: left; }
        .pass { color: #176c2f; font-weight: bold; } .fail { color: #b3261e; font-weight: bold; }
        section { background: #fff; border: 1px solid #ddd; padding: 12px; margin-bottom: 20px; }
        section h2 { font-size: 16px; margin: 0 0 8px; }
        .pictures { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
        .pictures img { max-height: 640px; max-width: 100%; border: 1px solid #ccc; }
        .pictures figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
        </style></head><body>
        <h1>\(escape(heading))</h1>
        <p class="sub">\(escape(subtitle))</p>
        <p class="sub">\(rows.count) frame\(rows.count == 1 ? "" : "s"), \(failing == 0 ? "all within tolerance" : "\(failing) over tolerance").
        A frame passes when at most 0.1 % of its pixels have a channel off by more than the tolerance and no channel is off by more than \(ImageMetrics.edgeAllowance) (anti-aliased edges).</p>
        \(figure ?? "")
        <table>
        <tr><th>frame</th><th>result</th><th>max |&Delta;| R G B A</th><th>mean |&Delta;|</th><th>PSNR (dB)</th><th>pixels over tolerance</th></tr>

        """
        for row in sortedRows {
            let metrics = row.metrics
            let share = metrics.pixelCount > 0 ? 100 * Double(metrics.pixelsOverTolerance) / Double(metrics.pixelCount) : 0
            page += "<tr><td class=\"name\"><a href=\"#\(anchor(row.title))\">\(escape(row.title))</a></td>"
            page += metrics.passes ? "<td class=\"pass\">pass</td>" : "<td class=\"fail\">FAIL</td>"
            page += "<td>\(metrics.maxDifference.map(String.init).joined(separator: " "))</td>"
            page += "<td>\(String(format: "%.6f", metrics.meanDifference.prefix(3).reduce(0, +) / 3))</td>"
            page += "<td>\(metrics.psnr.isFinite ? String(format: "%.2f", metrics.psnr) : "&infin; (identical)")</td>"
            page += "<td>\(metrics.pixelsOverTolerance) (\(String(format: "%.4f", share)) %, tolerance \(metrics.tolerance))</td></tr>\n"
        }
        page += "</table>\n"
        for row in sortedRows {
            page += """
            <section id="\(anchor(row.title))"><h2>\(escape(row.title)) &mdash; <span class="\(row.metrics.passes ? "pass" : "fail")">\(row.metrics.passes ? "pass" : "FAIL")</span></h2>
            <div class="pictures">
            <figure><a href="\(escape(row.sideBySide))"><img src="\(escape(row.sideBySide))" alt="\(escape(labels.0)) and \(escape(labels.1))"></a>
            <figcaption>\(escape(labels.0)) (<a href="\(escape(row.images.0))">full size</a>) and \(escape(labels.1)) (<a href="\(escape(row.images.1))">full size</a>)</figcaption></figure>
            <figure><a href="\(escape(row.heatMap))"><img src="\(escape(row.heatMap))" alt="difference map"></a>
            <figcaption>where they differ: black none, brightest \(row.heatScale) levels or more</figcaption></figure>
            </div></section>

            """
        }
        page += "</body></html>\n"
        return page
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private func anchor(_ title: String) -> String {
        "f-" + title.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }
}
