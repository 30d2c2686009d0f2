// A minimal JSON reader for the library's JSON forms (events, views, outcomes, configs), so
// that the generated classes (Generated/*.g.cs) parse without a third-party library: Unity's
// JsonUtility reads neither tagged unions nor nullable fields.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Dangian
{
    /// <summary>A parsed JSON value: null, a boolean, a number, a string, an array or an
    /// object. Malformed text, or a value of another type than asked, is a
    /// <see cref="FormatException"/>.</summary>
    public sealed class JsonValue
    {
        enum Type { Null, Bool, Number, String, Array, Object }

        readonly Type type;
        readonly bool boolean;
        readonly string text; // a number's literal or a string's value
        readonly List<JsonValue> items;
        readonly Dictionary<string, JsonValue> fields;

        JsonValue(Type type, bool boolean, string text, List<JsonValue> items, Dictionary<string, JsonValue> fields)
        {
            this.type = type;
            this.boolean = boolean;
            this.text = text;
            this.items = items;
            this.fields = fields;
        }

        /// <summary>Parses a whole JSON text.</summary>
        public static JsonValue Parse(string json)
        {
            if (json == null) throw new ArgumentNullException("json");
            int i = 0;
            JsonValue v = ReadValue(json, ref i, 0);
            SkipSpace(json, ref i);
            if (i != json.Length) throw Error(json, i, "text after the value");
            return v;
        }

        /// <summary>Whether this is JSON null.</summary>
        public bool IsNull { get { return type == Type.Null; } }

        /// <summary>The number of items of an array.</summary>
        public int Count { get { Expect(Type.Array, "an array"); return items.Count; } }

        /// <summary>An array's item.</summary>
        public JsonValue this[int index] { get { Expect(Type.Array, "an array"); return items[index]; } }

        /// <summary>An object's field, which must be present.</summary>
        public JsonValue Field(string name)
        {
            JsonValue v = OptionalField(name);
            if (v == null) throw new FormatException("the field \"" + name + "\" is missing");
            return v;
        }

        /// <summary>An object's field, or null when it is absent or JSON null.</summary>
        public JsonValue OptionalField(string name)
        {
            Expect(Type.Object, "an object");
            JsonValue v;
            return fields.TryGetValue(name, out v) && !v.IsNull ? v : null;
        }

        /// <summary>Fails unless this is an object (<paramref name="what"/> names it).</summary>
        public void ExpectObject(string what)
        {
            if (type != Type.Object) throw new FormatException(what + ": expected an object, found " + type);
        }

        /// <summary>A boolean's value.</summary>
        public bool AsBool() { Expect(Type.Bool, "a boolean"); return boolean; }

        /// <summary>A string's value.</summary>
        public string AsText() { Expect(Type.String, "a string"); return text; }

        /// <summary>An integer's value (a number with a fraction, or out of range, fails).</summary>
        public long AsLong()
        {
            Expect(Type.Number, "a number");
            long v;
            if (!long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out v))
                throw new FormatException("not a 64-bit integer: " + text);
            return v;
        }

        /// <summary>An integer's value that fits an int.</summary>
        public int AsInt()
        {
            long v = AsLong();
            if (v < int.MinValue || v > int.MaxValue) throw new FormatException("not a 32-bit integer: " + text);
            return (int)v;
        }

        /// <summary>An array's items, each read by <paramref name="read"/>.</summary>
        public T[] ArrayOf<T>(Func<JsonValue, T> read)
        {
            Expect(Type.Array, "an array");
            var result = new T[items.Count];
            for (int i = 0; i < result.Length; i++) result[i] = read(items[i]);
            return result;
        }

        /// <summary>Reads an int (for the generated readers).</summary>
        public static int ToInt(JsonValue v) { return v.AsInt(); }

        /// <summary>Reads a long (for the generated readers).</summary>
        public static long ToLong(JsonValue v) { return v.AsLong(); }

        /// <summary>Reads a boolean (for the generated readers).</summary>
        public static bool ToBool(JsonValue v) { return v.AsBool(); }

        /// <summary>Reads a string (for the generated readers).</summary>
        public static string ToText(JsonValue v) { return v.AsText(); }

        /// <summary>A reader of arrays of what <paramref name="read"/> reads.</summary>
        public static Func<JsonValue, T[]> ArrayReader<T>(Func<JsonValue, T> read)
        {
            return v => v.ArrayOf(read);
        }

        /// <summary>A reader of a value or null.</summary>
        public static Func<JsonValue, T?> NullableReader<T>(Func<JsonValue, T> read) where T : struct
        {
            return v => v == null || v.IsNull ? (T?)null : read(v);
        }

        /// <summary>A reader of an object or null.</summary>
        public static Func<JsonValue, T> OrNullReader<T>(Func<JsonValue, T> read) where T : class
        {
            return v => v == null || v.IsNull ? null : read(v);
        }

        void Expect(Type want, string what)
        {
            if (type != want) throw new FormatException("expected " + what + ", found " + type);
        }

        // ---- the reader -----------------------------------------------------------------

        // Deeper nesting than any form of the library has is refused, not a stack overflow.
        const int MaxDepth = 64;

        static FormatException Error(string s, int i, string what)
        {
            return new FormatException("JSON: " + what + " at offset " + i);
        }

        static void SkipSpace(string s, ref int i)
        {
            while (i < s.Length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
        }

        static JsonValue ReadValue(string s, ref int i, int depth)
        {
            if (depth > MaxDepth) throw Error(s, i, "nesting too deep");
            SkipSpace(s, ref i);
            if (i >= s.Length) throw Error(s, i, "a value expected");
            char c = s[i];
            switch (c)
            {
                case '{':
                {
                    i++;
                    var fields = new Dictionary<string, JsonValue>();
                    SkipSpace(s, ref i);
                    if (i < s.Length && s[i] == '}') { i++; return new JsonValue(Type.Object, false, null, null, fields); }
                    while (true)
                    {
                        SkipSpace(s, ref i);
                        if (i >= s.Length || s[i] != '"') throw Error(s, i, "a field name expected");
                        string name = ReadString(s, ref i);
                        SkipSpace(s, ref i);
                        if (i >= s.Length || s[i] != ':') throw Error(s, i, "':' expected");
                        i++;
                        fields[name] = ReadValue(s, ref i, depth + 1);
                        SkipSpace(s, ref i);
                        if (i < s.Length && s[i] == ',') { i++; continue; }
                        if (i < s.Length && s[i] == '}') { i++; return new JsonValue(Type.Object, false, null, null, fields); }
                        throw Error(s, i, "',' or '}' expected");
                    }
                }
                case '[':
                {
                    i++;
                    var items = new List<JsonValue>();
                    SkipSpace(s, ref i);
                    if (i < s.Length && s[i] == ']') { i++; return new JsonValue(Type.Array, false, null, items, null); }
                    while (true)
                    {
                        items.Add(ReadValue(s, ref i, depth + 1));
                        SkipSpace(s, ref i);
                        if (i < s.Length && s[i] == ',') { i++; continue; }
                        if (i < s.Length && s[i] == ']') { i++; return new JsonValue(Type.Array, false, null, items, null); }
                        throw Error(s, i, "',' or ']' expected");
                    }
                }
                case '"':
                    return new JsonValue(Type.String, false, ReadString(s, ref i), null, null);
                case 't':
                    Word(s, ref i, "true");
                    return new JsonValue(Type.Bool, true, null, null, null);
                case 'f':
                    Word(s, ref i, "false");
                    return new JsonValue(Type.Bool, false, null, null, null);
                case 'n':
                    Word(s, ref i, "null");
                    return new JsonValue(Type.Null, false, null, null, null);
                default:
                {
                    int start = i;
                    if (i < s.Length && s[i] == '-') i++;
                    while (i < s.Length && (char.IsDigit(s[i]) || s[i] == '.' || s[i] == 'e' || s[i] == 'E' || s[i] == '+' || s[i] == '-')) i++;
                    if (i == start || (i == start + 1 && s[start] == '-')) throw Error(s, start, "a value expected");
                    return new JsonValue(Type.Number, false, s.Substring(start, i - start), null, null);
                }
            }
        }

        static void Word(string s, ref int i, string word)
        {
            if (string.CompareOrdinal(s, i, word, 0, word.Length) != 0) throw Error(s, i, word + " expected");
            i += word.Length;
        }

        static string ReadString(string s, ref int i)
        {
            i++; // the opening quote
            var sb = new StringBuilder();
            while (true)
            {
                if (i >= s.Length) throw Error(s, i, "an unterminated string");
                char c = s[i++];
                if (c == '"') return sb.ToString();
                if (c != '\\') { sb.Append(c); continue; }
                if (i >= s.Length) throw Error(s, i, "an unterminated escape");
                char e = s[i++];
                switch (e)
                {
                    case '"': sb.Append('"'); break;
                    case '\\': sb.Append('\\'); break;
                    case '/': sb.Append('/'); break;
                    case 'b': sb.Append('\b'); break;
                    case 'f': sb.Append('\f'); break;
                    case 'n': sb.Append('\n'); break;
                    case 'r': sb.Append('\r'); break;
                    case 't': sb.Append('\t'); break;
                    case 'u':
                        int code;
                        if (i + 4 > s.Length || !int.TryParse(s.Substring(i, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out code))
                            throw Error(s, i, "a bad \\u escape");
                        sb.Append((char)code);
                        i += 4;
                        break;
                    default:
                        throw Error(s, i - 1, "a bad escape");
                }
            }
        }
    }
}
