import Foundation
import XCTest

/// Hostile input to the commands that draw a chat scenario (`render`,
/// `sheet`, `frame`): each refusal is one line with its identifier, the
/// right status, and nothing left at the output path.
final class HostileChatTests: XCTestCase {
    func testChatDrawingsRefuseBadInputWritingNothing() throws {
        let inputs = try HostileInputs("chat")
        let dir = inputs.folder.path
        _ = try inputs.text("face.png", "not a PNG at all")
        let withAvatar = try inputs.text("avatar.json", #"{"scene": "chat", "duration": 1, "avatar": "face.png", "messages": [{"side": "incoming", "text": "Hi", "time": "12:00"}]}"#)
        let plain = try inputs.text("plain.json", #"{"scene": "chat", "duration": 1, "messages": [{"side": "outgoing", "text": "\u2764\ufe0f", "time": "12:00"}]}"#)
        let small = ["--size", "64x138", "--backend", "cpu"]
        let frames = inputs.path("frames"), sheet = inputs.path("sheet.png"), still = inputs.path("still.png")

        func refused(_ name: String, _ arguments: [String], status: Int32, id: String, mentioning: String, absent: String) -> HostileCase {
            HostileCase(name: name, arguments: arguments + small, outcome: .refused(status: status, id: id, mentioning: mentioning),
                        absent: [absent], folders: [dir])
        }

        hold([
            refused("render a chat whose avatar is not a PNG", ["render", withAvatar, "-o", frames], status: 1, id: "avatar.unreadable",
                    mentioning: "avatar", absent: frames),
            refused("sheet of a chat whose avatar is not a PNG", ["sheet", withAvatar, "-o", sheet], status: 1, id: "avatar.unreadable",
                    mentioning: "avatar", absent: sheet),
            refused("render a chat with a call's layer", ["render", plain, "--layers", "waves", "-o", frames], status: 64, id: "option.value",
                    mentioning: "a chat scene does not have", absent: frames),
            refused("sheet of a chat with an unknown layer", ["sheet", plain, "--layers", "nav,sky", "-o", sheet], status: 64,
                    id: "option.value", mentioning: "unknown layer 'sky'", absent: sheet),
            refused("frame of a chat with an empty layer", ["frame", "--scenario", plain, "--layers", "nav,", "-o", still], status: 64,
                    id: "option.value", mentioning: "empty entry", absent: still),
            refused("render a chat past its end", ["render", plain, "--at", "0.5,2", "-o", frames], status: 1, id: "time.outside-scenario",
                    mentioning: "--at", absent: frames),
            HostileCase(name: "render a chat's emoji frames", arguments: ["render", plain, "--at", "0,0.5", "-o", frames] + small,
                        outcome: .succeeds, folders: [dir]),
        ])
    }

    private func hold(_ cases: [HostileCase?]) {
        HostileHarness.hold("chat", cases)
    }
}
