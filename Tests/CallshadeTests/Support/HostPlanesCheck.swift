@testable import CallshadeCore
@testable import CallshadeGL
import XCTest

extension RouteMatrix {
    /// `scene` on the host route, which it must take: its I420 planes drawn
    /// straight agree with its RGBA frame converted (`YUV420.convertFast`),
    /// within `maxDelta` levels (3 unless the caller says why more), and
    /// beyond 1 on under 1 % of the samples.
    func assertHostPlanesMatchConvertedFrame(_ scene: Scene, maxDelta: Int = 3, file: StaticString = #filePath, line: UInt = #line) throws {
        let host = try XCTUnwrap(renderer(.host, for: scene) as? GPURenderer, file: file, line: line)
        XCTAssertNil(fallback(of: host, .host, for: scene), file: file, line: line)
        var direct: [UInt8] = []
        try host.renderYUV420(scene, into: &direct)
        var converted: [UInt8] = []
        try YUV420.convertFast(try host.render(scene), into: &converted, cores: 2)
        XCTAssertEqual(direct.count, converted.count, file: file, line: line)
        guard direct.count == converted.count else { return }
        let differences = SampleDifferences(direct, converted)
        XCTAssertLessThanOrEqual(differences.maxDelta, maxDelta, "\(differences)", file: file, line: line)
        let beyondOne = zip(direct, converted).filter { abs(Int($0) - Int($1)) > 1 }.count
        XCTAssertLessThan(Double(beyondOne), 0.01 * Double(direct.count), "\(beyondOne) of \(direct.count) beyond 1", file: file, line: line)
    }
}
