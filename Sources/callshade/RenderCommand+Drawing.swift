import CallshadeCore
import CallshadeRender
import CallshadeSystem

extension RenderCommand {
    /// Renders a drawing scenario as `render` does a call (it has no audio).
    func renderDrawing(_ scenario: DrawingScenario, cleanup: StopCleanup, rawOutput: FileDescriptor) throws {
        let schedule = try frameSchedule(of: scenario)
        let range = try shard?.nonEmptyFrames(of: schedule.count) ?? 0..<schedule.count
        let size = drawing.render.frameSize(default: DrawingFrames.size(scenario))
        let screen = try DrawingFrames.screen(scenario, file: self.scenario, size: size, dither: dither)
        let target = try OutputTarget.resolve(output: output, format: format)
        let video = try videoSettings(target: target, audioPath: nil, schedule: schedule, frames: range, size: size,
                                      sharded: (shard?.count ?? 1) > 1, cleanup: cleanup)
        if target == .raw {
            do { try (pixelFormat ?? .rgba).check(size) } catch { throw Diagnostic(error) }
        }
        let renderer = try drawing.render.makeRenderer()
        let pipeline = FramePipeline(renderer: renderer, sink: try makeSink(target: target, video: video, recording: nil,
                                                                            rawOutput: rawOutput, cleanup: cleanup))
        let progress = ProgressLine(total: range.count, quiet: quiet)
        do {
            try pipeline.render(schedule: schedule, range: range, keepsIndices: isFrames(target), progress: progress.update(done:),
                                scene: { screen.scene(at: $0) })
            progress.end()
        } catch {
            progress.end()
            throw Diagnostic(error)
        }
    }
}
