// Zopakovat hod: server vrací seed, který hod přesně zopakuje (i v JavaScriptu, je menší než 2^53).
const server = "http://127.0.0.1:8000";
const first = await (await fetch(`${server}/api/v1/roll?expr=3d6`)).json();
const again = await (await fetch(`${server}/api/v1/roll?expr=3d6&seed=${first.seed}`)).json();
console.log(first.text, again.text); // stejné kostky, stejný text
