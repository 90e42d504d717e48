    {
        let g = lane + ${i}u * WG;
        if (g < T * BF) {
            let t = select(g / BF, g % T, ACROSS);
            let j = select(g % BF, g / T, ACROSS);
            let k = j % NS;
            let dest = (j / NS) * NS * R + k;
${body}
        }
    }
