// Runs the [Test] methods of an NUnit 2.6 test assembly by reflection, each after the
// fixture's [SetUp] methods, and prints one line per test and a summary, where NUnit's console
// runner cannot go (on .NET Core). Exit code: 0 when every test passed, 1 otherwise.
//
//   RunTests TESTS.dll
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.InteropServices;
using NUnit.Framework;

static class RunTests
{
    static bool Has(MemberInfo m, Type attribute)
    {
        return m.GetCustomAttributes(attribute, true).Length > 0;
    }

    static int Main(string[] args)
    {
        if (args.Length != 1)
        {
            Console.Error.WriteLine("usage: RunTests TESTS.dll");
            return 2;
        }
        Console.Error.WriteLine("runtime: " + RuntimeInformation.FrameworkDescription
            + " on " + RuntimeInformation.OSDescription);
        Assembly tests = Assembly.LoadFrom(args[0]);
        int run = 0, failed = 0, ignored = 0;
        var types = new List<Type>(tests.GetTypes());
        types.Sort((a, b) => string.CompareOrdinal(a.FullName, b.FullName));
        foreach (Type type in types)
        {
            if (!Has(type, typeof(TestFixtureAttribute))) continue;
            var setUps = new List<MethodInfo>();
            var methods = new List<MethodInfo>();
            foreach (MethodInfo m in type.GetMethods(BindingFlags.Public | BindingFlags.Instance))
            {
                if (Has(m, typeof(SetUpAttribute))) setUps.Add(m);
                if (Has(m, typeof(TestAttribute))) methods.Add(m);
            }
            methods.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
            foreach (MethodInfo test in methods)
            {
                string name = type.FullName + "." + test.Name;
                run++;
                var clock = System.Diagnostics.Stopwatch.StartNew();
                try
                {
                    object fixture = Activator.CreateInstance(type);
                    foreach (MethodInfo s in setUps) s.Invoke(fixture, null);
                    test.Invoke(fixture, null);
                    Console.WriteLine("passed " + name);
                }
                catch (TargetInvocationException e)
                {
                    Exception inner = e.InnerException ?? e;
                    if (inner is IgnoreException)
                    {
                        ignored++;
                        Console.WriteLine("ignored " + name + ": " + inner.Message);
                    }
                    else if (inner is SuccessException)
                    {
                        Console.WriteLine("passed " + name);
                    }
                    else
                    {
                        failed++;
                        Console.WriteLine("failed " + name + ": " + inner);
                    }
                }
                Console.Error.WriteLine(name + ": " + clock.ElapsedMilliseconds + " ms");
            }
        }
        Console.WriteLine("tests run " + run + ", failed " + failed + ", ignored " + ignored);
        return run > 0 && failed == 0 && ignored == 0 ? 0 : 1;
    }
}
