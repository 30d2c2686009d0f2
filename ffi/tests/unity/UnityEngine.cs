// The few UnityEngine types the package's sample uses, with their Unity signatures, so that the
// sample compiles (as for each player platform) without a Unity installation. Only compiled,
// never run.
namespace UnityEngine
{
    public class Object { }
    public class Component : Object { }
    public class Behaviour : Component { }
    public class MonoBehaviour : Behaviour { }
    public static class Debug
    {
        public static void Log(object message) { }
    }
    public static class Random
    {
        public static int Range(int minInclusive, int maxExclusive) { return minInclusive; }
    }
}
