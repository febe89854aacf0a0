// A TU of standard headers and a few lines of code without table calls: the
// common case in a large code base, where the checks find nothing to analyse.
#include <future>
#include <iostream>
#include <map>
#include <string>
#include <thread>
#include <vector>
#include <algorithm>
#include <regex>
int main() {
  std::map<std::string, std::vector<int>> m;
  m["a"].push_back(1);
  std::regex r("a+"); std::cout << m.size() << std::regex_match("aaa", r) << "\n";
}
