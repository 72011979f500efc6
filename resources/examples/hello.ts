// The smallest run: no permission needed.
const name: string = Deno.args[0] ?? "world";
console.log(`hello, ${name}`);
