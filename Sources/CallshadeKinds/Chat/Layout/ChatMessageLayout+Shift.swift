import CallshadeCore

extension ChatMessageLayout.Box {
    /// The same box `dy` points lower.
    public func shifted(by dy: Double) -> ChatMessageLayout.Box {
        dy == 0 ? self : ChatMessageLayout.Box(x: x, y: y + dy, width: width, height: height)
    }

    /// The same box moved by (dx, dy) points.
    public func moved(_ dx: Double, _ dy: Double) -> ChatMessageLayout.Box {
        ChatMessageLayout.Box(x: x + dx, y: y + dy, width: width, height: height)
    }
}

extension ChatMessageLayout.Placed {
    /// The same message `dy` points lower (a row moving with the list, chat section 3.4).
    public func shifted(by dy: Double) -> ChatMessageLayout.Placed {
        guard dy != 0 else { return self }
        return ChatMessageLayout.Placed(message: message, frame: frame.shifted(by: dy), body: body.shifted(by: dy), radii: radii, hasTail: hasTail,
                                        lines: lines.map { ($0.text, $0.top + dy) }, textLeft: textLeft, status: status.shifted(by: dy),
                                        pill: pill?.shifted(by: dy))
    }
}
