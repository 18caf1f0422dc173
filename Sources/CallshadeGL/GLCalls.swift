import CEGL
import CallshadeCore

/// The thin layer between Swift and libGLESv2: the only place that calls GL
/// functions. Every wrapper checks `glGetError` and throws a
/// `GraphicsCallError` naming the call and the Swift file and line; compile
/// and link failures carry the driver's log. In debug builds every GL call
/// is checked on its own (`checkEach`), so an error names the very call that
/// made it; release builds check once at the end of each wrapper.
enum GLCalls {
    static func errorName(_ code: GLenum) -> String {
        switch Int32(code) {
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY"
        default: return "GL error 0x" + String(code, radix: 16)
        }
    }

    /// Throws if GL recorded an error since the last check; clears every pending error.
    static func check(_ call: String, detail: String = "", file: String, line: Int) throws {
        let first = glGetError()
        guard first != GLenum(GL_NO_ERROR) else { return }
        var drained = 0
        while glGetError() != GLenum(GL_NO_ERROR), drained < 16 { drained += 1 }
        throw GraphicsCallError(call: call, code: errorName(first), detail: detail,
                                location: SourceLocation(file: file, line: line))
    }

    /// In debug builds, `check` right after `call`; in release builds nothing
    /// (the wrapper's last check catches the error, under its own name).
    @inline(__always)
    static func checkEach(_ call: String, detail: String = "", file: String, line: Int) throws {
        #if DEBUG
        try check(call, detail: detail, file: file, line: line)
        #endif
    }

    // MARK: Queries

    static func string(_ name: Int32) -> String {
        glGetString(GLenum(name)).map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
    }

    static func integers(_ name: Int32, count: Int, file: String = #fileID, line: Int = #line) throws -> [Int] {
        var values = [GLint](repeating: 0, count: max(count, 4))
        glGetIntegerv(GLenum(name), &values)
        try check("glGetIntegerv", file: file, line: line)
        return values.prefix(count).map(Int.init)
    }

    // MARK: Shaders and programs

    static func compileShader(kind: Int32, source shaderSource: ShaderSource,
                              file: String = #fileID, line: Int = #line) throws -> GLuint {
        let source = shaderSource.text
        let shaderFile = shaderSource.file
        let shader = glCreateShader(GLenum(kind))
        guard shader != 0 else {
            try check("glCreateShader", detail: shaderFile, file: file, line: line)
            throw GraphicsCallError(call: "glCreateShader", code: "returned 0", detail: shaderFile,
                                    location: SourceLocation(file: file, line: line))
        }
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        try checkEach("glShaderSource", detail: shaderFile, file: file, line: line)
        glCompileShader(shader)
        var status: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &status)
        guard status == GL_TRUE else {
            let log = shaderLog(shader)
            glDeleteShader(shader)
            let place = ShaderLog.firstPlace(in: log)
            throw ShaderError.compile(file: shaderSource.fileName(forSourceString: place?.source ?? 0),
                                      line: place?.line, log: log)
        }
        try check("glCompileShader", detail: shaderFile, file: file, line: line)
        return shader
    }

    static func linkProgram(vertex: GLuint, fragment: GLuint, files: [String],
                            file: String = #fileID, line: Int = #line) throws -> GLuint {
        let program = glCreateProgram()
        guard program != 0 else {
            throw GraphicsCallError(call: "glCreateProgram", code: "returned 0", detail: files.joined(separator: " + "),
                                    location: SourceLocation(file: file, line: line))
        }
        glAttachShader(program, vertex)
        try checkEach("glAttachShader", detail: files.first ?? "", file: file, line: line)
        glAttachShader(program, fragment)
        try checkEach("glAttachShader", detail: files.last ?? "", file: file, line: line)
        glLinkProgram(program)
        glDetachShader(program, vertex)
        glDetachShader(program, fragment)
        var status: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &status)
        guard status == GL_TRUE else {
            let log = programLog(program)
            glDeleteProgram(program)
            throw ShaderError.link(files: files, log: log)
        }
        try check("glLinkProgram", detail: files.joined(separator: " + "), file: file, line: line)
        return program
    }

    static func deleteShader(_ shader: GLuint) { glDeleteShader(shader) }
    static func deleteProgram(_ program: GLuint) { glDeleteProgram(program) }

    static func useProgram(_ program: GLuint, file: String = #fileID, line: Int = #line) throws {
        glUseProgram(program)
        try check("glUseProgram", file: file, line: line)
    }

    private static func shaderLog(_ shader: GLuint) -> String {
        infoLog(of: shader, length: { glGetShaderiv($0, GLenum(GL_INFO_LOG_LENGTH), $1) },
                readLog: { glGetShaderInfoLog($0, $1, nil, $2) })
    }

    private static func programLog(_ program: GLuint) -> String {
        infoLog(of: program, length: { glGetProgramiv($0, GLenum(GL_INFO_LOG_LENGTH), $1) },
                readLog: { glGetProgramInfoLog($0, $1, nil, $2) })
    }

    /// A shader's or program's info log, read with the matching pair of GL functions.
    private static func infoLog(of object: GLuint,
                                length: (GLuint, UnsafeMutablePointer<GLint>) -> Void,
                                readLog: (GLuint, GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var count: GLint = 0
        length(object, &count)
        guard count > 0 else { return "(the driver gave no log)" }
        var bytes = [GLchar](repeating: 0, count: Int(count) + 1)
        bytes.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { readLog(object, GLsizei(buffer.count), base) }
        }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: Uniform blocks and samplers

    /// What a linked program reads: every active uniform (samplers in the
    /// default block, the rest in blocks) and every active uniform block.
    static func interface(of program: GLuint, file: String = #fileID, line: Int = #line) throws -> ProgramInterface {
        func parameter(_ name: Int32) -> Int {
            var value: GLint = 0
            glGetProgramiv(program, GLenum(name), &value)
            return Int(value)
        }
        func text(_ capacity: Int, _ fill: (GLsizei, UnsafeMutablePointer<GLsizei>, UnsafeMutablePointer<GLchar>) -> Void) -> String {
            var bytes = [GLchar](repeating: 0, count: max(capacity, 1) + 1)
            var length: GLsizei = 0
            bytes.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress { fill(GLsizei(buffer.count), &length, base) }
            }
            return String(decoding: bytes.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var uniforms: [ProgramInterface.Uniform] = []
        for index in 0..<parameter(GL_ACTIVE_UNIFORMS) {
            var size: GLint = 0
            var type: GLenum = 0
            let name = text(parameter(GL_ACTIVE_UNIFORM_MAX_LENGTH)) { glGetActiveUniform(program, GLuint(index), $0, $1, &size, &type, $2) }
            func property(_ name: Int32) -> Int {
                var uniform = GLuint(index)
                var value: GLint = 0
                glGetActiveUniformsiv(program, 1, &uniform, GLenum(name), &value)
                return Int(value)
            }
            let block = property(GL_UNIFORM_BLOCK_INDEX)
            uniforms.append(ProgramInterface.Uniform(name: name, type: Int(type), size: Int(size), block: block >= 0 ? block : nil,
                                                     offset: property(GL_UNIFORM_OFFSET)))
        }
        var blocks: [ProgramInterface.Block] = []
        for index in 0..<parameter(GL_ACTIVE_UNIFORM_BLOCKS) {
            let name = text(parameter(GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH)) { glGetActiveUniformBlockName(program, GLuint(index), $0, $1, $2) }
            var size: GLint = 0
            glGetActiveUniformBlockiv(program, GLuint(index), GLenum(GL_UNIFORM_BLOCK_DATA_SIZE), &size)
            blocks.append(ProgramInterface.Block(name: name, dataSize: Int(size)))
        }
        try check("glGetActiveUniform", file: file, line: line)
        return ProgramInterface(uniforms: uniforms, blocks: blocks)
    }

    /// Points sampler `name` of `program` at texture unit `unit` (once, when it is linked: the program is left in use).
    static func setSampler(_ program: GLuint, _ name: String, unit: TextureUnit, file: String = #fileID, line: Int = #line) throws {
        glUseProgram(program)
        try checkEach("glUseProgram", file: file, line: line)
        glUniform1i(glGetUniformLocation(program, name), unit.rawValue)
        try check("glUniform1i", detail: "\(name) on \(unit)", file: file, line: line)
    }

    /// Reads uniform block `index` of `program` from uniform buffer binding `binding` (once, when it is linked).
    static func bindUniformBlock(_ program: GLuint, index: Int, binding: Int, file: String = #fileID, line: Int = #line) throws {
        glUniformBlockBinding(program, GLuint(index), GLuint(binding))
        try check("glUniformBlockBinding", detail: "block \(index) to \(binding)", file: file, line: line)
    }

    /// What a bound range of a uniform buffer must start on, in bytes.
    static func uniformBufferOffsetAlignment(file: String = #fileID, line: Int = #line) throws -> Int {
        try integers(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, count: 1, file: file, line: line)[0]
    }

    /// Gives uniform buffer `buffer` `bytes` of storage (contents undefined).
    static func reserveUniformBuffer(_ buffer: GLuint, bytes: Int, file: String = #fileID, line: Int = #line) throws {
        glBindBuffer(GLenum(GL_UNIFORM_BUFFER), buffer)
        try checkEach("glBindBuffer", file: file, line: line)
        glBufferData(GLenum(GL_UNIFORM_BUFFER), GLsizeiptr(bytes), nil, GLenum(GL_STREAM_DRAW))
        try check("glBufferData", detail: "\(bytes) bytes of uniforms", file: file, line: line)
    }

    /// Writes `bytes` (at least `byteCount` of them) into uniform buffer
    /// `buffer` at `offset`, without waiting for the draws before (none of
    /// them reads that range), and binds that range to `binding` for the next draws.
    static func writeUniforms(_ bytes: UnsafeRawBufferPointer, byteCount: Int, into buffer: GLuint, at offset: Int, binding: Int,
                              file: String = #fileID, line: Int = #line) throws {
        glBindBuffer(GLenum(GL_UNIFORM_BUFFER), buffer)
        try checkEach("glBindBuffer", file: file, line: line)
        let access = GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_UNSYNCHRONIZED_BIT
        guard let mapped = glMapBufferRange(GLenum(GL_UNIFORM_BUFFER), GLintptr(offset), GLsizeiptr(byteCount), GLbitfield(access)) else {
            try check("glMapBufferRange", detail: "\(byteCount) bytes at \(offset)", file: file, line: line)
            throw GraphicsCallError(call: "glMapBufferRange", code: "returned NULL", detail: "\(byteCount) bytes at \(offset)",
                                    location: SourceLocation(file: file, line: line))
        }
        if let base = bytes.baseAddress { mapped.copyMemory(from: base, byteCount: min(byteCount, bytes.count)) }
        glUnmapBuffer(GLenum(GL_UNIFORM_BUFFER))
        try checkEach("glUnmapBuffer", file: file, line: line)
        glBindBufferRange(GLenum(GL_UNIFORM_BUFFER), GLuint(binding), buffer, GLintptr(offset), GLsizeiptr(byteCount))
        try check("glBindBufferRange", detail: "\(byteCount) bytes at \(offset) to \(binding)", file: file, line: line)
    }

    // MARK: Textures


    /// A texture of `internalFormat`, read between texels (linear filtering)
    /// when `filtered`, else texel by texel (formats that cannot be filtered:
    /// with linear filtering they would be incomplete, and read as black).
    static func createTexture(width: Int, height: Int, internalFormat: Int32 = GL_RGBA8, filtered: Bool = true,
                              file: String = #fileID, line: Int = #line) throws -> GLuint {
        var name: GLuint = 0
        glGenTextures(1, &name)
        do {
            try checkEach("glGenTextures", file: file, line: line)
            glActiveTexture(GLenum(GL_TEXTURE0 + TextureUnit.scratch.rawValue))
            try checkEach("glActiveTexture", file: file, line: line)
            glBindTexture(GLenum(GL_TEXTURE_2D), name)
            try checkEach("glBindTexture", file: file, line: line)
            glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(internalFormat), GLsizei(width), GLsizei(height))
            try check("glTexStorage2D", detail: "format 0x\(String(internalFormat, radix: 16)) \(width)x\(height)", file: file, line: line)
            let filter = filtered ? GL_LINEAR : GL_NEAREST
            for (parameter, value) in [(GL_TEXTURE_MIN_FILTER, filter), (GL_TEXTURE_MAG_FILTER, filter),
                                       (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), value)
                try checkEach("glTexParameteri", detail: "0x\(String(parameter, radix: 16))", file: file, line: line)
            }
            glBindTexture(GLenum(GL_TEXTURE_2D), 0)
            try check("glBindTexture", file: file, line: line)
        } catch {
            glBindTexture(GLenum(GL_TEXTURE_2D), 0)
            glDeleteTextures(1, &name)
            throw error
        }
        return name
    }

    static func deleteTexture(_ name: GLuint) {
        var name = name
        glDeleteTextures(1, &name)
    }

    // MARK: Framebuffers

    static func createFramebuffer(colorTexture: GLuint, file: String = #fileID, line: Int = #line) throws -> GLuint {
        try createFramebuffer(colorTextures: [colorTexture], file: file, line: line)
    }

    /// A framebuffer drawing into each texture in turn (output 0, 1, ...).
    static func createFramebuffer(colorTextures: [GLuint], file: String = #fileID, line: Int = #line) throws -> GLuint {
        var name: GLuint = 0
        glGenFramebuffers(1, &name)
        do {
            try checkEach("glGenFramebuffers", file: file, line: line)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
            try checkEach("glBindFramebuffer", file: file, line: line)
            for (index, texture) in colorTextures.enumerated() {
                glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0 + Int32(index)), GLenum(GL_TEXTURE_2D),
                                       texture, 0)
                try checkEach("glFramebufferTexture2D", detail: "attachment \(index)", file: file, line: line)
            }
            let buffers = colorTextures.indices.map { GLenum(GL_COLOR_ATTACHMENT0 + Int32($0)) }
            glDrawBuffers(GLsizei(buffers.count), buffers)
            try checkEach("glDrawBuffers", detail: "\(buffers.count) outputs", file: file, line: line)
            let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            try check("glFramebufferTexture2D", file: file, line: line)
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                throw GraphicsCallError(call: "glCheckFramebufferStatus", code: "0x" + String(status, radix: 16),
                                        detail: "framebuffer incomplete", location: SourceLocation(file: file, line: line))
            }
        } catch {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            glDeleteFramebuffers(1, &name)
            throw error
        }
        return name
    }

    static func deleteFramebuffer(_ name: GLuint) {
        var name = name
        glDeleteFramebuffers(1, &name)
    }

    static func bindFramebuffer(_ name: GLuint, width: Int, height: Int,
                                file: String = #fileID, line: Int = #line) throws {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        try checkEach("glBindFramebuffer", file: file, line: line)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        try check("glViewport", detail: "\(width)x\(height)", file: file, line: line)
    }

    // MARK: Buffers

    static func createBuffer(file: String = #fileID, line: Int = #line) throws -> GLuint {
        var name: GLuint = 0
        glGenBuffers(1, &name)
        try check("glGenBuffers", file: file, line: line)
        return name
    }

    static func deleteBuffer(_ name: GLuint) {
        var name = name
        glDeleteBuffers(1, &name)
    }

    // MARK: Drawing and reading

    /// Turns off every fixed-function stage a pass could find left on (blending,
    /// dithering, the depth test, the scissor test), so the fragments' colours
    /// are written as the program computes them.
    static func resetFixedFunctionState(file: String = #fileID, line: Int = #line) throws {
        for capability in [GL_BLEND, GL_DITHER, GL_DEPTH_TEST, GL_SCISSOR_TEST] {
            glDisable(GLenum(capability))
            try checkEach("glDisable", detail: "0x\(String(capability, radix: 16))", file: file, line: line)
        }
    }

    /// Draws four vertices as a triangle strip; the vertex shader places them.
    static func drawQuad(file: String = #fileID, line: Int = #line) throws {
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        try check("glDrawArrays", detail: "4 vertices", file: file, line: line)
    }

    /// Replaces what vertex buffer `buffer` holds with `values`.
    static func uploadVertices(_ values: [Float], into buffer: GLuint, file: String = #fileID, line: Int = #line) throws {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        try checkEach("glBindBuffer", file: file, line: line)
        values.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        try check("glBufferData", detail: "\(values.count) floats", file: file, line: line)
    }

    /// Draws vertices `first..<first + count` of `buffer` (2D positions,
    /// pairs of floats, fed to attribute 0) as separate triangles.
    static func drawTriangles(from buffer: GLuint, first: Int, count: Int, file: String = #fileID, line: Int = #line) throws {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        try checkEach("glBindBuffer", file: file, line: line)
        glEnableVertexAttribArray(0)
        try checkEach("glEnableVertexAttribArray", file: file, line: line)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        try checkEach("glVertexAttribPointer", file: file, line: line)
        glDrawArrays(GLenum(GL_TRIANGLES), GLint(first), GLsizei(count))
        glDisableVertexAttribArray(0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        try check("glDrawArrays", detail: "\(count) vertices as triangles", file: file, line: line)
    }

    /// Draws `count` instances of two triangles (six vertices, placed by the
    /// vertex shader), each fed `vectors` vec4s of `buffer` (attributes 1, 2, ...).
    static func drawInstancedQuads(from buffer: GLuint, vectors: Int, count: Int, file: String = #fileID, line: Int = #line) throws {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        try checkEach("glBindBuffer", file: file, line: line)
        let stride = GLsizei(vectors * 4 * MemoryLayout<Float>.size)
        for vector in 0..<vectors {
            let attribute = GLuint(1 + vector)
            glEnableVertexAttribArray(attribute)
            try checkEach("glEnableVertexAttribArray", detail: "\(attribute)", file: file, line: line)
            glVertexAttribPointer(attribute, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: vector * 4 * MemoryLayout<Float>.size))
            try checkEach("glVertexAttribPointer", detail: "\(attribute)", file: file, line: line)
            glVertexAttribDivisor(attribute, 1)
            try checkEach("glVertexAttribDivisor", detail: "\(attribute)", file: file, line: line)
        }
        glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, GLsizei(count))
        for vector in 0..<vectors {
            glVertexAttribDivisor(GLuint(1 + vector), 0)
            glDisableVertexAttribArray(GLuint(1 + vector))
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        try check("glDrawArraysInstanced", detail: "\(count) quads", file: file, line: line)
    }

    /// Reads RGBA pixels of a rectangle (origin at framebuffer row 0) of the
    /// bound framebuffer's attachment `attachment`, bottom row first: 8-bit
    /// values, or 32-bit floats from a float target.
    static func readPixels(_ rect: PixelRect, attachment: Int = 0, as format: ReadFormat = .rgba8,
                           into destination: UnsafeMutableRawPointer,
                           file: String = #fileID, line: Int = #line) throws {
        glReadBuffer(GLenum(GL_COLOR_ATTACHMENT0 + Int32(attachment)))
        try checkEach("glReadBuffer", detail: "attachment \(attachment)", file: file, line: line)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        try checkEach("glPixelStorei", file: file, line: line)
        glReadPixels(GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height), GLenum(GL_RGBA),
                     GLenum(format == .rgba8 ? GL_UNSIGNED_BYTE : GL_FLOAT), destination)
        try check("glReadPixels", detail: "\(rect.width)x\(rect.height) at \(rect.x),\(rect.y) \(format)", file: file, line: line)
    }

    enum ReadFormat: Equatable {
        case rgba8
        case rgba32f
    }
}

/// Reads line numbers out of drivers' shader logs.
enum ShaderLog {
    /// The first source-string number and line a compile log names, in the
    /// formats of Mesa (`0:12(3): error`), NVIDIA (`0(12) : error`) and
    /// ANGLE-like drivers (`ERROR: 0:12:`).
    static func firstPlace(in log: String) -> (source: Int, line: Int)? {
        for text in log.split(whereSeparator: \.isNewline) {
            var rest = Substring(text).drop(while: \.isWhitespace)
            if rest.hasPrefix("ERROR:") { rest = rest.dropFirst(6).drop(while: \.isWhitespace) }
            let sourceDigits = rest.prefix(while: \.isNumber)
            guard let source = Int(sourceDigits) else { continue }
            rest = rest.dropFirst(sourceDigits.count)
            guard let separator = rest.first, separator == ":" || separator == "(" else { continue }
            if let line = Int(rest.dropFirst().prefix(while: \.isNumber)) { return (source, line) }
        }
        return nil
    }

    static func firstLine(in log: String) -> Int? { firstPlace(in: log)?.line }
}

extension GLCalls {
    /// Clears the bound framebuffer to transparent black.
    static func clear(file: String = #fileID, line: Int = #line) throws {
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        try check("glClear", file: file, line: line)
    }
}

extension GLCalls {
    /// Sends every GL command issued so far on its way, without waiting.
    static func flush(file: String = #fileID, line: Int = #line) throws {
        glFlush()
        try check("glFlush", file: file, line: line)
    }

    /// Waits until every GL command issued so far has finished.
    static func finish(file: String = #fileID, line: Int = #line) throws {
        glFinish()
        try check("glFinish", file: file, line: line)
    }
}

extension GLCalls {
    /// Replaces a texture's RGBA8 pixels; row 0 of `pixels` becomes texel row 0.
    static func uploadTexture(_ name: GLuint, width: Int, height: Int, pixels: [UInt8],
                              file: String = #fileID, line: Int = #line) throws {
        try pixels.withUnsafeBytes { buffer in
            try uploadTexture(name, width: width, height: height, texels: buffer, type: GL_UNSIGNED_BYTE, alignment: 1,
                              detail: "\(width)x\(height) RGBA8", file: file, line: line)
        }
    }

    /// Replaces a one-channel (R8) texture's texels; row 0 of `values` becomes texel row 0.
    static func uploadTexture(_ name: GLuint, width: Int, height: Int, red values: [UInt8],
                              file: String = #fileID, line: Int = #line) throws {
        try values.withUnsafeBytes { buffer in
            try uploadTexture(name, width: width, height: height, texels: buffer, format: GL_RED, type: GL_UNSIGNED_BYTE,
                              alignment: 1, detail: "\(width)x\(height) R8", file: file, line: line)
        }
    }

    /// Replaces a half-float texture's texels from 32-bit floats (RGBA); row 0 of `values` becomes texel row 0.
    static func uploadTexture(_ name: GLuint, width: Int, height: Int, floats values: [Float],
                              file: String = #fileID, line: Int = #line) throws {
        try values.withUnsafeBytes { buffer in
            try uploadTexture(name, width: width, height: height, texels: buffer, type: GL_FLOAT, alignment: 4,
                              detail: "\(width)x\(height) RGBA floats", file: file, line: line)
        }
    }

    /// Replaces a one-channel 32-bit float (R32F) texture's texels; row 0 of `values` becomes texel row 0.
    static func uploadTexture(_ name: GLuint, width: Int, height: Int, redFloats values: [Float],
                              file: String = #fileID, line: Int = #line) throws {
        try values.withUnsafeBytes { buffer in
            try uploadTexture(name, width: width, height: height, texels: buffer, format: GL_RED, type: GL_FLOAT, alignment: 4,
                              detail: "\(width)x\(height) R32F", file: file, line: line)
        }
    }

    /// Replaces every texel from `texels` (RGBA unless `format` says else) of component `type`, bound on the scratch unit.
    private static func uploadTexture(_ name: GLuint, width: Int, height: Int, texels: UnsafeRawBufferPointer, format: Int32 = GL_RGBA,
                                      type: Int32, alignment: Int32, detail: String, file: String, line: Int) throws {
        glActiveTexture(GLenum(GL_TEXTURE0 + TextureUnit.scratch.rawValue))
        try checkEach("glActiveTexture", file: file, line: line)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        try checkEach("glBindTexture", file: file, line: line)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), alignment)
        try checkEach("glPixelStorei", file: file, line: line)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(width), GLsizei(height), GLenum(format), GLenum(type), texels.baseAddress)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        try check("glTexSubImage2D", detail: detail, file: file, line: line)
    }

    /// Blends what the next draws write over what the target holds, as
    /// premultiplied colours: result = source + target x (1 - source alpha).
    static func blendPremultiplied(file: String = #fileID, line: Int = #line) throws {
        glEnable(GLenum(GL_BLEND))
        try checkEach("glEnable", detail: "GL_BLEND", file: file, line: line)
        glBlendEquation(GLenum(GL_FUNC_ADD))
        try checkEach("glBlendEquation", detail: "GL_FUNC_ADD", file: file, line: line)
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        try check("glBlendFunc", file: file, line: line)
    }

    /// Keeps the larger of what the next draws write and what the target
    /// holds, channel by channel: result = max(source, target).
    static func blendMaximum(file: String = #fileID, line: Int = #line) throws {
        glEnable(GLenum(GL_BLEND))
        try checkEach("glEnable", detail: "GL_BLEND", file: file, line: line)
        glBlendEquation(GLenum(GL_MAX))
        try check("glBlendEquation", detail: "GL_MAX", file: file, line: line)
    }

    /// Limits the next draws to `rect` of the bound target (its pixels, row 0 first).
    static func scissor(_ rect: PixelRect, file: String = #fileID, line: Int = #line) throws {
        glEnable(GLenum(GL_SCISSOR_TEST))
        try checkEach("glEnable", detail: "GL_SCISSOR_TEST", file: file, line: line)
        glScissor(GLint(clamping: rect.x), GLint(clamping: rect.y), GLsizei(clamping: max(rect.width, 0)), GLsizei(clamping: max(rect.height, 0)))
        try check("glScissor", detail: "\(rect)", file: file, line: line)
    }

    static func bindTexture(_ name: GLuint, unit: TextureUnit, file: String = #fileID, line: Int = #line) throws {
        glActiveTexture(GLenum(GL_TEXTURE0 + unit.rawValue))
        try checkEach("glActiveTexture", detail: "\(unit)", file: file, line: line)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        try check("glBindTexture", file: file, line: line)
    }
}

extension GLCalls {
    /// The context's extensions.
    static func extensions() -> Set<String> {
        var count: GLint = 0
        glGetIntegerv(GLenum(GL_NUM_EXTENSIONS), &count)
        var names = Set<String>()
        for index in 0..<max(Int(count), 0) {
            if let text = glGetStringi(GLenum(GL_EXTENSIONS), GLuint(index)) {
                names.insert(String(cString: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)))
            }
        }
        return names
    }
}
