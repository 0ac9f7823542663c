import { main } from "./main";

await main();
