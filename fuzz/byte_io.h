// Reading a program from the fuzzer's bytes and writing one (seed generator), field by field, little-endian.
// Both are callables for the Visit() methods of program.h. A reader past the end yields zeros.
#ifndef OPENACLNN_FUZZ_BYTE_IO_H_
#define OPENACLNN_FUZZ_BYTE_IO_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace openaclnn::fuzz {

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  bool AtEnd() const { return position_ >= size_; }

  void operator()(uint8_t& value) { value = Next(); }
  void operator()(uint16_t& value) {
    const uint8_t low = Next();
    value = static_cast<uint16_t>(low | (Next() << 8));
  }

  // Up to `count` raw bytes (fewer at the end of the input).
  std::vector<uint8_t> Bytes(size_t count) {
    const size_t available = position_ < size_ ? size_ - position_ : 0;
    const size_t taken = count < available ? count : available;
    std::vector<uint8_t> bytes(data_ + position_, data_ + position_ + taken);
    position_ += taken;
    return bytes;
  }

 private:
  uint8_t Next() { return position_ < size_ ? data_[position_++] : 0; }

  const uint8_t* data_;
  size_t size_;
  size_t position_ = 0;
};

class ByteWriter {
 public:
  void operator()(uint8_t& value) { bytes_.push_back(value); }
  void operator()(uint16_t& value) {
    bytes_.push_back(static_cast<uint8_t>(value & 0xff));
    bytes_.push_back(static_cast<uint8_t>(value >> 8));
  }
  void Bytes(const std::vector<uint8_t>& raw) { bytes_.insert(bytes_.end(), raw.begin(), raw.end()); }

  const std::vector<uint8_t>& bytes() const { return bytes_; }

 private:
  std::vector<uint8_t> bytes_;
};

}  // namespace openaclnn::fuzz

#endif  // OPENACLNN_FUZZ_BYTE_IO_H_
