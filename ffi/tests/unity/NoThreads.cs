// Lists every method of an assembly that calls an API Unity's Web platform does not support
// (Task.Run, Task.Factory.StartNew, ThreadPool, new Thread): exit status 1 when there is one.
using System;
using System.Collections.Generic;
using System.Reflection;

static class NoThreads
{
    static bool Forbidden(MethodBase m)
    {
        Type t = m.DeclaringType;
        if (t == null) return false;
        string type = t.IsGenericType ? t.GetGenericTypeDefinition().FullName : t.FullName;
        if (type == "System.Threading.Tasks.Task" && m.Name == "Run") return true;
        if (type == "System.Threading.Tasks.TaskFactory" && m.Name == "StartNew") return true;
        if (type == "System.Threading.Tasks.TaskFactory`1" && m.Name == "StartNew") return true;
        if (type == "System.Threading.ThreadPool") return true;
        return type == "System.Threading.Thread" && m.IsConstructor;
    }

    static int Main(string[] args)
    {
        Assembly assembly = Assembly.LoadFrom(args[0]);
        const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance
            | BindingFlags.Static | BindingFlags.DeclaredOnly;
        List<string> found = new List<string>();
        int methods = 0;
        foreach (Type type in assembly.GetTypes())
        {
            List<MethodBase> bodies = new List<MethodBase>(type.GetMethods(all));
            bodies.AddRange(type.GetConstructors(all));
            foreach (MethodBase method in bodies)
            {
                MethodBody body = method.GetMethodBody();
                if (body == null) continue;
                methods++;
                byte[] il = body.GetILAsByteArray();
                // call, callvirt, newobj, ldftn: each followed by a method token.
                for (int i = 0; i + 4 < il.Length; i++)
                {
                    if (il[i] != 0x28 && il[i] != 0x6F && il[i] != 0x73 && !(il[i] == 0x06 && i > 0 && il[i - 1] == 0xFE)) continue;
                    int token = BitConverter.ToInt32(il, i + 1);
                    int table = (token >> 24) & 0xFF;
                    if (table != 0x06 && table != 0x0A && table != 0x2B) continue;
                    MethodBase callee;
                    try
                    {
                        callee = type.Module.ResolveMethod(token,
                            type.IsGenericType ? type.GetGenericArguments() : null,
                            method.IsGenericMethod ? method.GetGenericArguments() : null);
                    }
                    catch (ArgumentException) { continue; }
                    if (callee != null && Forbidden(callee))
                        found.Add(type.FullName + "." + method.Name + " calls " + callee.DeclaringType.FullName + "." + callee.Name);
                }
            }
        }
        foreach (string f in found) Console.WriteLine(f);
        Console.WriteLine("checked " + methods + " methods");
        return found.Count == 0 ? 0 : 1;
    }
}
